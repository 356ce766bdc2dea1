import type { Plugin } from 'vite';

// The route page's views (product, category, landing, 404) are chunks loaded after the page query answered
// (storefront/platform/navigation/routeViews.ts). Vike links the CSS of a page's static imports only, so without this the
// server's HTML would come without the view's styles: an unstyled first paint (600 px card images shrinking once
// the script ran, a layout shift of 0.67 on a listing in Lighthouse) and no styles at all without JavaScript.
// This plugin writes, for every lazily loaded chunk, the CSS it and its static imports need, into
// dist/client/route-view-css.json; the server links the shown view's files in the <head> (+headHtmlEnd.ts).

export const ROUTE_VIEW_CSS_FILE = 'route-view-css.json';

/** source path of a lazily loaded module (relative to the project, `/` separated) → the CSS hrefs it needs */
export type RouteViewCss = Record<string, string[]>;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

export function routeViewStyles(root: string): Plugin {
  return {
    name: 'shop:route-view-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.name !== 'client') return;
      const chunks = new Map<string, ChunkLike>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as ChunkLike);
      // Dependencies first, as the browser would apply them when the chunk loads.
      const cssOf = (fileName: string, seen: Set<string>, css: Set<string>): Set<string> => {
        const chunk = chunks.get(fileName);
        if (!chunk || seen.has(fileName)) return css;
        seen.add(fileName);
        for (const imported of chunk.imports) cssOf(imported, seen, css);
        for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
        return css;
      };
      const result: RouteViewCss = {};
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry || !chunk.facadeModuleId?.startsWith(root)) continue;
        // What the importing pages link already (Vike links their static imports) is left out: linked a second time,
        // later in the <head>, a shared sheet (tokens, layout) would win over the view's own rules again.
        const importers = [...chunks.values()].filter((other) => other.dynamicImports.includes(chunk.fileName));
        const present = importers.map((importer) => cssOf(importer.fileName, new Set(), new Set()));
        const css = [...cssOf(chunk.fileName, new Set(), new Set())].filter((href) => !present.length || !present.every((sheets) => sheets.has(href)));
        if (css.length) result[chunk.facadeModuleId.slice(root.length).replace(/^[\\/]/, '').replaceAll('\\', '/')] = css;
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_VIEW_CSS_FILE, source: JSON.stringify(result) });
    },
  };
}
