import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageAssetRewrite, createStylesheetInliner, lowerScriptPreloads } from '../../server/pageAssets';

// server/pageAssets.ts: the page's own built stylesheets go into its HTML, so its first paint waits for no
// CSS request; each leaves a disabled <link> (never fetched) for Vite's preload helper to find. The page's
// script preloads are lowered, so the image of its largest paint comes first.

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

describe('the script preloads', () => {
  const preload = (href: string) => `<link rel="modulepreload" href="${href}" as="script" type="text/javascript">`;

  it('are asked at low priority, every one of them, and nothing else changes', () => {
    const html = `<img src="/p.webp" fetchpriority="high">${preload('/assets/chunks/a.js')}${preload('/assets/chunks/b.js')}<script src="/assets/entries/e.js" type="module" async></script>`;
    expect(lowerScriptPreloads(html)).toBe(
      '<img src="/p.webp" fetchpriority="high">' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/chunks/a.js" as="script" type="text/javascript">' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/chunks/b.js" as="script" type="text/javascript">' +
        '<script src="/assets/entries/e.js" type="module" async></script>',
    );
  });

  it('keep a priority that is already set', () => {
    const html = '<link rel="modulepreload" fetchpriority="high" href="/assets/chunks/a.js">';
    expect(lowerScriptPreloads(html)).toBe(html);
  });

  it('are lowered together with the styles inlined, by the one rewrite the server applies', () => {
    const dir = clientDir({ 'assets/static/a.css': '.a{}' });
    expect(createPageAssetRewrite(dir)(`${link('/assets/static/a.css')}${preload('/assets/chunks/a.js')}`)).toBe(
      '<style data-href="/assets/static/a.css">.a{}</style><link rel="stylesheet" href="/assets/static/a.css" disabled>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/chunks/a.js" as="script" type="text/javascript">',
    );
  });
});
