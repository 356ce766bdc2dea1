import { startTransition } from 'react';
import ReactDOMClient from 'react-dom/client';

// Hydration as a transition (issue 8, Lighthouse: total blocking time). React hydrates a root in one blocking
// task unless the hydration was started inside a transition; then it works in slices of a few milliseconds and
// lets the browser handle input in between (Remix's entry does the same). vike-react calls
// `ReactDOM.hydrateRoot` itself, after an await, so the call is wrapped here, once, before the first hydration.
// The markup, the events replayed after hydration and client navigations (createRoot) are unchanged.

let installed = false;

export function hydrateAsTransition(): void {
  if (installed) return;
  installed = true;
  const client = ReactDOMClient as { hydrateRoot: typeof ReactDOMClient.hydrateRoot };
  const hydrateRoot = client.hydrateRoot;
  client.hydrateRoot = (container, children, options) => {
    let root: ReturnType<typeof hydrateRoot> | undefined;
    startTransition(() => {
      root = hydrateRoot(container, children, options);
    });
    return root!;
  };
}
