import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createPageAssetRewrite, createStylesheetInliner, startScriptsAfterFirstPaint } from '../../server/pageAssets';

// server/pageAssets.ts: the page's own built stylesheets go into its HTML, so its first paint waits for no
// CSS request; each leaves a disabled <link> (never fetched) for Vite's preload helper to find. The page's
// scripts start after its first paint, so the image of its largest paint does not share the line with them.

function clientDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'inline-styles-'));
  mkdirSync(join(dir, 'assets/static'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const link = (href: string) => `<link rel="stylesheet" type="text/css" href="${href}">`;

describe('the stylesheet inliner', () => {
  it('inlines the shop’s own sheets once each, in their order, and leaves a disabled link behind', () => {
    const inline = createStylesheetInliner(clientDir({ 'assets/static/a.css': '.a{color:red}', 'assets/static/b.css': '.b{margin:0}' }));
    const html = `<head>${link('/assets/static/a.css')}${link('/assets/static/b.css')}<title>x</title>${link('/assets/static/a.css')}</head>`;
    expect(inline(html)).toBe(
      '<head><style data-href="/assets/static/a.css">.a{color:red}</style><link rel="stylesheet" href="/assets/static/a.css" disabled>' +
        '<style data-href="/assets/static/b.css">.b{margin:0}</style><link rel="stylesheet" href="/assets/static/b.css" disabled><title>x</title></head>',
    );
  });

  it('keeps the link of a file it does not have, of a path leaving dist/client, and of CSS that would end the <style> early', () => {
    const inline = createStylesheetInliner(clientDir({ 'assets/static/evil.css': '.x{content:"</style><script>alert(1)</script>"}' }));
    for (const href of ['/assets/static/missing.css', '/assets/../../etc/passwd.css', '/assets/static/evil.css']) {
      expect(inline(link(href))).toBe(link(href));
    }
  });

  it('leaves other sites’ stylesheets and everything else of the page alone', () => {
    const inline = createStylesheetInliner(clientDir({}));
    const html = '<link rel="stylesheet" type="text/css" href="https://cdn.example/x.css"><body>.a{}</body>';
    expect(inline(html)).toBe(html);
  });
});

describe('the scripts after the first paint', () => {
  const preload = (href: string, priority = '') => `<link rel="modulepreload"${priority} href="${href}" as="script" type="text/javascript">`;
  const entry = '<script src="/assets/entries/entry-client-routing.abc.js" type="module" async nonce="N0nce=="></script>';
  const page = `<head><title>x</title></head><body><img src="/p.webp" fetchpriority="high"><script id="vike_pageContext" type="application/json" nonce="N0nce==">{}</script>\n        ${entry}\n        ${preload('/assets/entries/page.js', ' fetchpriority="low"')}\n        ${preload('/assets/chunks/a-1.js')}\n        ${preload('/assets/chunks/a-1.js')}\n      </body>`;

  it('replace Vike’s entry script and every preload by one inline loader with the page’s nonce; nothing else changes', () => {
    const html = startScriptsAfterFirstPaint(page);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script id="vike_pageContext" type="application/json" nonce="N0nce==">', '<script data-scripts-after-paint nonce="N0nce==">']);
    expect(html.startsWith('<head><title>x</title></head><body><img src="/p.webp" fetchpriority="high"><script id="vike_pageContext" type="application/json" nonce="N0nce==">{}</script>')).toBe(true);
    // only the preloads' indentation is left after the loader
    expect(html).toMatch(/<\/script>\s*<\/body>$/);
  });

  it('leave a page without Vike’s entry script as it is', () => {
    const html = `<body>${preload('/assets/chunks/a.js')}<script src="https://cdn.example/x.js" type="module" async></script></body>`;
    expect(startScriptsAfterFirstPaint(html)).toBe(html);
  });

  type Added = { task: number; tag: string; rel?: string; href?: string; src?: string; type?: string; nonce?: string; fetchPriority?: string };

  /** Runs the page's loader against a small stand-in of the browser with a clock: what it adds, in which task. */
  function runLoader(html: string) {
    const source = /<script data-scripts-after-paint[^>]*>(.*?)<\/script>/s.exec(html)![1]!;
    const added: Added[] = [];
    const timers: { due: number; seq: number; callback: () => void }[] = [];
    const frames: (() => void)[] = [];
    let now = 0;
    let task = 0;
    const parent = { appendChild: (node: Added) => added.push({ ...node, task }) };
    const document = {
      currentScript: { nonce: 'N0nce==' },
      createElement: (tag: string) => ({ tag }),
      head: parent,
      body: parent,
    };
    const window = { requestAnimationFrame: (callback: () => void) => frames.push(callback) };
    const setTimeout = (callback: () => void, ms: number) => timers.push({ due: now + ms, seq: timers.length, callback });
    runInNewContext(source, { document, window, setTimeout });
    return {
      added,
      /** The browser paints a frame 16 ms in (a hidden tab never does). */
      paintFrame: () => {
        now = Math.max(now, 16);
        frames.splice(0).forEach((frame) => frame());
      },
      /** Runs the timers due until `until` ms, earliest first, each as a task of its own. */
      runTasks: (until = Infinity) => {
        for (;;) {
          const next = timers.filter((timer) => timer.due <= until).sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
          if (!next) return;
          timers.splice(timers.indexOf(next), 1);
          now = next.due;
          task += 1;
          next.callback();
        }
      },
    };
  }

  it('add nothing before the page is painted, then the entry and one preload per task, each with the nonce', () => {
    const loader = runLoader(startScriptsAfterFirstPaint(page));
    loader.runTasks(15);
    expect(loader.added).toEqual([]);
    loader.paintFrame();
    loader.runTasks(100);
    expect(loader.added).toEqual([
      { task: 1, tag: 'script', src: '/assets/entries/entry-client-routing.abc.js', type: 'module', nonce: 'N0nce==' },
      { task: 1, tag: 'link', rel: 'modulepreload', href: '/assets/entries/page.js', nonce: 'N0nce==', fetchPriority: 'low' },
      { task: 2, tag: 'link', rel: 'modulepreload', href: '/assets/chunks/a-1.js', nonce: 'N0nce==', fetchPriority: 'low' },
    ]);
    // the hidden-tab timeout later finds the scripts started
    loader.runTasks();
    expect(loader.added).toHaveLength(3);
  });

  it('start in a hidden tab (no frame painted) after a second, and only once when a frame comes after all', () => {
    const loader = runLoader(startScriptsAfterFirstPaint(page));
    loader.runTasks(999);
    expect(loader.added).toEqual([]);
    loader.runTasks();
    loader.paintFrame();
    loader.runTasks();
    expect(loader.added.map((node) => node.src ?? node.href)).toEqual(['/assets/entries/entry-client-routing.abc.js', '/assets/entries/page.js', '/assets/chunks/a-1.js']);
  });

  it('come after the inlined styles, by the one rewrite the server applies', () => {
    const dir = clientDir({ 'assets/static/a.css': '.a{}' });
    const html = createPageAssetRewrite(dir)(`<head>${link('/assets/static/a.css')}</head><body>${entry}${preload('/assets/chunks/a.js')}</body>`);
    expect(html).toMatch(/^<head><style data-href="\/assets\/static\/a.css">\.a\{\}<\/style><link rel="stylesheet" href="\/assets\/static\/a.css" disabled><\/head><body><script data-scripts-after-paint nonce="N0nce==">.*<\/script><\/body>$/s);
    expect(html).toContain('"/assets/chunks/a.js"');
  });
});
