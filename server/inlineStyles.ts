import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The page's own stylesheets go into its HTML (issue 8, Lighthouse). Vike links one small CSS file per component
// group — a dozen per page, 5 KB gzip together on a product page — and each <link> blocks the first paint until
// it has come: on a phone's round trips that was most of the first contentful paint. Inlined, the page paints
// with its first response. Only the shop's own built files are inlined (read once from dist/client); anything
// else keeps its <link>.
//
// Each inlined sheet leaves a disabled <link> behind: browsers fetch no disabled stylesheet, and Vite's preload
// helper, which looks for a <link rel=stylesheet> before it loads a lazy view's CSS, then knows the sheet is on the
// page and does not fetch it again while the page hydrates.

const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[\w./-]+\.css)">/g;

export type StylesheetInliner = (html: string) => string;

export function createStylesheetInliner(clientDir: string): StylesheetInliner {
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
