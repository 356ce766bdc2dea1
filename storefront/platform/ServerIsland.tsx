import { useEffect, useState, type ComponentType } from 'react';
import { serverIslands, type ServerIslandName, type ServerIslandProps } from './serverIslands';

interface IslandProps<N extends ServerIslandName> {
  name: N;
  /** What the island shows (a product id, the page's language): its server HTML is kept only for the same. */
  of: string;
  props: ServerIslandProps[N];
  /** The component as a chunk of its own, for a page reached by a client navigation (no server HTML for it). */
  load: () => Promise<ComponentType<ServerIslandProps[N]>>;
  className?: string;
}

/**
 * A part of the page as an island of server HTML (ADR 0030): rendered on the server, kept as it is when the page
 * hydrates, so its code and texts never reach the page's JavaScript (ADR 0014).
 */
export function ServerIsland<N extends ServerIslandName>({ name, of, props, load, className }: IslandProps<N>) {
  if (import.meta.env.SSR) {
    const Island = serverIslands[name] as ComponentType<ServerIslandProps[N]> | undefined;
    return (
      <div data-island={name} data-island-of={of} className={className}>
        {Island ? <Island {...props} /> : null}
      </div>
    );
  }
  return <IslandInBrowser name={name} of={of} props={props} load={load} className={className} />;
}

function IslandInBrowser<N extends ServerIslandName>({ name, of, props, load, className }: IslandProps<N>) {
  // The server's HTML, read before hydration commits, is rendered again as it is: nothing to hydrate, nothing cleared.
  const [server] = useState(() => {
    const element = document.querySelector(`[data-island="${name}"]`);
    return { of: element?.getAttribute('data-island-of'), html: element?.innerHTML ?? '' };
  });
  // Server HTML for what the island shows now (it may be empty: a product without variants).
  const fromServer = server.of === of;
  const [loaded, setLoaded] = useState<{ Island: ComponentType<ServerIslandProps[N]> } | null>(null);
  useEffect(() => {
    if (fromServer || loaded) return;
    void load().then((Island) => setLoaded({ Island }));
  }, [fromServer, loaded, load]);
  if (loaded && !fromServer) {
    return (
      <div key="loaded" data-island={name} data-island-of={of} className={className}>
        <loaded.Island {...props} />
      </div>
    );
  }
  return <div key="server" data-island={name} data-island-of={of} className={className} dangerouslySetInnerHTML={{ __html: fromServer ? server.html : '' }} />;
}
