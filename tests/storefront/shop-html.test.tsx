import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sanitizeShopHtml, ShopHtml } from '../../storefront/ui/ShopHtml';

describe('ShopHtml: shop HTML through an allow-list', () => {
  it('keeps structure, emphasis, lists and tables', () => {
    const html = '<h2>Anwendung</h2><p>Täglich <strong>1</strong> <em>Tablette</em><br></p><ul><li>a</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    expect(sanitizeShopHtml(html)).toBe('<h2>Anwendung</h2><p>Täglich <strong>1</strong> <em>Tablette</em><br /></p><ul><li>a</li></ul><table><tr><td colspan="2">x</td></tr></table>');
  });

  it('drops scripts, styles and iframes with their content', () => {
    const clean = sanitizeShopHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe>');
    expect(clean).toBe('<p>a</p>');
  });

  it('drops event handlers and inline styles', () => {
    const clean = sanitizeShopHtml('<p onclick="alert(1)" style="color:red">a<img src=x onerror="alert(1)"></p>');
    expect(clean).not.toMatch(/onclick|onerror|style|<img/);
    expect(clean).toBe('<p>a</p>');
  });

  it('refuses javascript: and data: links but keeps http(s), relative, mailto and tel', () => {
    expect(sanitizeShopHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeShopHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeShopHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeShopHtml('<a href="/fr/marques">x</a>')).toBe('<a href="/fr/marques">x</a>');
    expect(sanitizeShopHtml('<a href="mailto:info@example.ch">x</a>')).toBe('<a href="mailto:info@example.ch">x</a>');
  });

  it('gives external links rel="noopener noreferrer"', () => {
    expect(sanitizeShopHtml('<a href="https://example.ch" target="_blank">x</a>')).toBe('<a href="https://example.ch" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('turns an h1 into an h2 (the page owns its h1)', () => {
    expect(sanitizeShopHtml('<h1>T</h1>')).toBe('<h2>T</h2>');
  });

  it('renders sanitized HTML and nothing for empty input', () => {
    expect(renderToString(<ShopHtml html={'<p>ok</p><script>alert(1)</script>'} className="text" />)).toBe('<div class="text"><p>ok</p></div>');
    expect(renderToString(<ShopHtml html={null} />)).toBe('');
  });
});
