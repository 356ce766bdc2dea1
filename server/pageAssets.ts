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
// 2. The page's scripts start after its first paint. Vike writes the entry as an async module script and lists
//    every chunk of the page as a <link rel=modulepreload> (two dozen, 200 KB gzip on a product page). Fetched
//    with the HTML, they shared a phone's bandwidth with the product image, the page's largest paint, and
//    over HTTP/1.1's parallel connections no priority hint decides who gets the line: the image came a second later.
//    (Low-priority preloads alone did not help; see ADR 0018.) So one small inline script, carrying the page's
//    nonce, adds the entry and the same preloads once the parsed page has been painted (a zero timeout queued by the
//    next animation frame): the whole list still starts at once (no request waterfall), after the styles and the
//    image. Hydration starts one frame later than before; until then the server's links and forms work without
//    scripts. A hidden tab paints no frames: there the scripts start after a second at the latest.

const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[\w./-]+\.css)">/g;

/** Vike's entry: `<script src="/assets/entries/…" type="module" async nonce="…"></script>`. */
const ENTRY_SCRIPT = /<script src="(\/assets\/entries\/[\w.-]+\.js)" type="module" async(?: nonce="([^"]*)")?><\/script>/;
const SCRIPT_PRELOAD = /<link rel="modulepreload"[^>]* href="(\/assets\/[\w./-]+\.js)"[^>]*>/g;
/** How long a hidden tab (no frames painted) waits before it loads the scripts anyway. */
const HIDDEN_TAB_START_MS = 1000;

export type PageAssetRewrite = (html: string) => string;

/** Both rewrites: the built stylesheets inlined from `clientDir`, the scripts started after the first paint. */
export function createPageAssetRewrite(clientDir: string): PageAssetRewrite {
  const inlineStylesheets = createStylesheetInliner(clientDir);
  return (html) => startScriptsAfterFirstPaint(inlineStylesheets(html));
}

/**
 * The page's entry script and its chunks' preloads, replaced by an inline loader that adds them once the page has
 * been painted. A page without Vike's entry script is left as it is.
 */
export function startScriptsAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const [entryTag, entrySrc, nonce] = entry;
  const chunks: string[] = [];
  const withoutPreloads = html.replace(SCRIPT_PRELOAD, (_link, href: string) => {
    if (!chunks.includes(href)) chunks.push(href);
    return '';
  });
  // The hrefs are the build's own file names (letters, digits, ./-_): nothing in them can end the <script>.
  // Each inserted <link> starts a request, which costs the main thread up to a few milliseconds (a phone's four
  // times that): one per task, so that no task blocks input for long. The entry goes first.
  const loader =
    `(function(d,w){var n=d.currentScript.nonce,c=${JSON.stringify(chunks)},s=0;` +
    `function go(){if(s)return;s=1;var e=d.createElement("script");e.type="module";e.src=${JSON.stringify(entrySrc)};e.nonce=n;d.body.appendChild(e);more()}` +
    `function more(){var h=c.shift();if(!h)return;var l=d.createElement("link");l.rel="modulepreload";l.fetchPriority="low";l.href=h;l.nonce=n;d.head.appendChild(l);setTimeout(more,0)}` +
    `w.requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${HIDDEN_TAB_START_MS})})(document,window)`;
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  return withoutPreloads.replace(entryTag, () => `<script data-scripts-after-paint${nonceAttribute}>${loader}</script>`);
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
