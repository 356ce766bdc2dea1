import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// How a rendered page asks for its assets (issue 8, Lighthouse; ADR 0018). Two rewrites of Vike's HTML:
//
// 1. The page's own stylesheets go into its HTML. Vike links one small CSS file per component group — a dozen
//    per page, 5 KB gzip together on a product page — and each <link> blocks the first paint until it has come:
//    on a phone's round trips that was most of the first contentful paint. Inlined, the page paints with its
//    first response. Only the shop's own built files are inlined (read once from dist/client); anything else
//    keeps its <link>.
//
//    Each inlined sheet leaves a disabled <link> behind: browsers fetch no disabled stylesheet, and Vite's
//    preload helper, which looks for a <link rel=stylesheet> before it loads a lazy view's CSS, then knows the
//    sheet is on the page and does not fetch it again while the page hydrates.
//
// 2. The page's scripts are preloaded at low priority. Vike lists every chunk of the page as a <link rel=modulepreload>
//    (two dozen, 200 KB gzip on a product page); at the browser's default high priority they shared a phone's
//    bandwidth with the product image, the page's largest paint, which then came a second later. At low priority
//    they still start at once, from the same list (no request waterfall), but after the image and the styles.

const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[\w./-]+\.css)">/g;

const SCRIPT_PRELOAD = /<link rel="modulepreload" (?![^>]*fetchpriority)/g;

export type PageAssetRewrite = (html: string) => string;

/** Both rewrites: the built stylesheets inlined from `clientDir`, the script preloads lowered. */
export function createPageAssetRewrite(clientDir: string): PageAssetRewrite {
  const inlineStylesheets = createStylesheetInliner(clientDir);
  return (html) => lowerScriptPreloads(inlineStylesheets(html));
}

export function lowerScriptPreloads(html: string): string {
  return html.replace(SCRIPT_PRELOAD, '<link rel="modulepreload" fetchpriority="low" ');
}

export function createStylesheetInliner(clientDir: string): PageAssetRewrite {
  const contents = new Map<string, string | null>();
  const contentOf = (href: string): string | null => {
    let content = contents.get(href);
    if (content === undefined) {
      const file = join(clientDir, href);
      // Never outside dist/client, and never a text that could end the <style> element early.
      const readable = !href.includes('..') && existsSync(file);
      const text = readable ? readFileSync(file, 'utf8') : null;
      content = text !== null && !/<\/style/i.test(text) ? text : null;
      contents.set(href, content);
    }
    return content;
  };
  return (html) => {
    const inlined = new Set<string>();
    return html.replace(STYLESHEET_LINK, (link, href: string) => {
      if (inlined.has(href)) return ''; // linked twice (a view's sheet Vike links as well): once is enough
      const content = contentOf(href);
      if (content === null) return link;
      inlined.add(href);
      return `<style data-href="${href}">${content}</style><link rel="stylesheet" href="${href}" disabled>`;
    });
  };
}
