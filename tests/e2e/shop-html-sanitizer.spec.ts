import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ts from 'typescript';
import { sanitizeShopHtml } from '../../storefront/ui/ShopHtml';

// Shop HTML is sanitized by sanitize-html on the server and by the browser's own parser after a client
// navigation (storefront/ui/shopHtmlAllowList.ts). Both must keep the same things and drop the
// same things: this loads the browser's sanitizer into Chromium and compares, case by case.

const CASES = [
  '<h2>Anwendung</h2><p>Täglich <strong>1</strong> <em>Tablette</em><br></p><ul><li>a</li><li>b</li></ul>',
  '<h1>Titel</h1><p>Text</p>',
  '<p onclick="alert(1)" style="color:red">a<img src=x onerror="alert(1)"></p>',
  '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://example.ch"></iframe>',
  '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a><a href="java\tscript:alert(1)">z</a>',
  '<a href="data:text/html,hi">x</a><a href="//evil.example/x">y</a>',
  '<a href="/fr/marques">x</a><a href="mailto:info@example.ch">m</a><a href="tel:+41000000000">t</a>',
  '<a href="https://example.ch" target="_blank">x</a><a href="/agb" target="_top">y</a>',
  '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2" class="x">1</td></tr></tbody></table>',
  '<div><span>a</span><font color="red">b</font><section>c</section></div>',
  '<svg><script>alert(1)</script></svg><math><mi>x</mi></math><p>ok</p>',
  '<noscript><p>no</p></noscript><textarea>t</textarea><p>&lt;script&gt; stays text</p>',
];

// The same markup can be written two ways (<br> / <br />, attribute order): compare parsed DOMs.
async function normalized(page: Page, html: string): Promise<string> {
  return page.evaluate((markup) => {
    const template = document.createElement('template');
    template.innerHTML = markup;
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
      const element = node as Element;
      const attributes = Array.from(element.attributes ?? [])
        .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
        .sort()
        .join(' ');
      return `<${element.tagName?.toLowerCase() ?? '#'} ${attributes}>${Array.from(node.childNodes).map(walk).join('')}</>`;
    };
    return Array.from(template.content.childNodes).map(walk).join('');
  }, html);
}

test('the browser sanitizer keeps and drops what the server sanitizer does', async ({ page }) => {
  await page.goto('/health');
  const source = readFileSync('storefront/ui/shopHtmlAllowList.ts', 'utf8');
  const code = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const browserResults = await page.evaluate(
    async ({ code: moduleCode, cases }) => {
      const url = URL.createObjectURL(new Blob([moduleCode], { type: 'text/javascript' }));
      const sanitizer = (await import(url)) as { sanitizeInBrowser: (html: string) => string };
      return cases.map((html) => sanitizer.sanitizeInBrowser(html));
    },
    { code, cases: CASES },
  );
  for (const [index, html] of CASES.entries()) {
    const fromBrowser = browserResults[index]!;
    expect(fromBrowser, html).not.toMatch(/<script|onerror|onclick|javascript:|data:|<iframe|<img|<svg|style=/i);
    expect(await normalized(page, fromBrowser), html).toBe(await normalized(page, sanitizeShopHtml(html)));
  }
});
