import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStylesheetInliner } from '../../server/inlineStyles';

// server/inlineStyles.ts: the page's own built stylesheets go into its HTML, so its first paint waits for no
// CSS request; each leaves a disabled <link> (never fetched) for Vite's preload helper to find.

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
