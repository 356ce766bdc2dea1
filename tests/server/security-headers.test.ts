import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedOperations } from '../../server/persistedOperations';
import { CSP_NONCE_PLACEHOLDER, GRAPHIQL_CSP, HSTS, cspNonceOf, readSecurityHeadersConfig, securityHeaders, withNonce } from '../../server/securityHeaders';
import { mountStorefront } from '../../server/storefront';
import { readShopOrigins } from '../../store-api/src/shop-origins';
import { NO_THIRD_PARTY_SCRIPTS } from '../../storefront/shell/thirdPartyScripts';
import { openTestGateway, type TestGateway } from '../support/gateway';

// Issue 8: the security headers of every answer (server/securityHeaders.ts) and the flags of every cookie the
// server writes, over http and over https (directly, or behind a TLS proxy that sends X-Forwarded-Proto).

const CONFIG = readSecurityHeadersConfig(
  { TRACKING_SCRIPT_URL: 'https://track.example.ch/t.js', CSP_IMG_ORIGINS: 'https://cdn.example.ch', CSP_CONNECT_ORIGINS: 'https://collect.example.ch' },
  'http://localhost:3000',
);

function headersApp(): Hono {
  const app = new Hono();
  app.use('*', securityHeaders(CONFIG));
  app.get('/page', (c) => c.html(`<script nonce="${cspNonceOf(c)}"></script>`));
  app.get('/data', (c) => c.json({ ok: true }));
  app.get('/graphql', (c) => c.html('<html>GraphiQL</html>'));
  // Response.redirect's headers are immutable: the middleware must still add its own.
  app.get('/away', () => Response.redirect('http://shop.test/page', 302));
  return app;
}

const NONCE = /script-src 'nonce-([A-Za-z0-9+/]{22}==)' 'strict-dynamic' https:/;

describe('security headers', () => {
  const app = headersApp();

  it('gives a page a CSP with a fresh 128-bit nonce, the one its scripts carry', async () => {
    const first = await app.fetch(new Request('http://shop.test/page'));
    const second = await app.fetch(new Request('http://shop.test/page'));
    const csp = first.headers.get('content-security-policy')!;
    const nonce = NONCE.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
    expect(await first.text()).toBe(`<script nonce="${nonce}"></script>`);
    expect(NONCE.exec(second.headers.get('content-security-policy')!)?.[1]).not.toBe(nonce);
    expect(csp.split('; ')).toEqual([
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'strict-dynamic' https:`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "img-src 'self' data: http://localhost:3000 https://track.example.ch https://cdn.example.ch",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' https://track.example.ch https://collect.example.ch",
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    ]);
  });

  it('sends nosniff, the referrer policy and no framing on every answer; the CSP only on HTML', async () => {
    for (const path of ['/page', '/data', '/away']) {
      const response = await app.fetch(new Request(`http://shop.test${path}`));
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
    expect((await app.fetch(new Request('http://shop.test/data'))).headers.get('content-security-policy')).toBeNull();
    expect((await app.fetch(new Request('http://shop.test/away'))).headers.get('location')).toBe('http://shop.test/page');
  });

  it('sends HSTS only over https: the URL, or X-Forwarded-Proto from the TLS proxy', async () => {
    expect((await app.fetch(new Request('https://shop.test/data'))).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await app.fetch(new Request('http://shop.test/page', { headers: { 'x-forwarded-proto': 'https' } }))).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await app.fetch(new Request('http://shop.test/page', { headers: { 'x-forwarded-proto': 'http' } }))).headers.get('strict-transport-security')).toBeNull();
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });

  it('gives GraphiQL its own policy: inline scripts of the tool, still never framed', async () => {
    const response = await app.fetch(new Request('http://shop.test/graphql'));
    expect(response.headers.get('content-security-policy')).toBe(GRAPHIQL_CSP);
    expect(GRAPHIQL_CSP).toContain("frame-ancestors 'none'");
    expect(GRAPHIQL_CSP).toContain("object-src 'none'");
  });

  it('refuses origin lists that are not https origins', () => {
    expect(() => readSecurityHeadersConfig({ CSP_IMG_ORIGINS: 'http://cdn.example.ch' }, 'http://localhost:3000')).toThrow(/CSP_IMG_ORIGINS/);
    expect(() => readSecurityHeadersConfig({ CSP_CONNECT_ORIGINS: "https://a.example.ch; script-src 'unsafe-inline'" }, 'http://localhost:3000')).toThrow(/CSP_CONNECT_ORIGINS/);
  });

  it('puts the response’s nonce where a (cached) page holds the placeholder', () => {
    const page = `<script nonce="${CSP_NONCE_PLACEHOLDER}" type="module"></script><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">`;
    expect(withNonce(page, 'abc+/=')).toBe('<script nonce="abc+/=" type="module"></script><meta property="csp-nonce" nonce="abc+/=">');
    expect(CSP_NONCE_PLACEHOLDER).toMatch(/^csp-nonce-[0-9a-f]{32}$/);
  });
});

// ---- cookies -------------------------------------------------------------------------------------------------

let gw: TestGateway;
let shopApp: Hono;
let productId: string;

beforeAll(async () => {
  gw = await openTestGateway({ privateShop: true, plugins: [usePersistedOperations('persisted_queries.json')] });
  shopApp = new Hono();
  shopApp.use('*', securityHeaders(CONFIG));
  // The shop as configured behind a TLS proxy: https://shop.test, and its plain-http name for the http case.
  const origins = readShopOrigins({ PUBLIC_ORIGIN: 'https://shop.test', STOREFRONT_ORIGINS: 'http://shop.test' });
  mountStorefront(shopApp, { gateway: gw.gateway, logger: pino({ level: 'silent' }), thirdPartyScripts: NO_THIRD_PARTY_SCRIPTS, origins });
  const found = await gw.gql('{ search(term: "Vitamin", limit: 30) { nodes { productId available availableStock minPurchase variants { productId } } } }');
  type Hit = { productId: string; available: boolean; availableStock: number; minPurchase: number; variants: unknown[] };
  productId = (found.body.data.search.nodes as Hit[]).find((hit) => hit.available && hit.availableStock > 5 && hit.minPurchase === 1 && hit.variants.length === 0)!.productId;
});
afterAll(() => gw?.close());

/** Set-Cookie lines by cookie name, each as its attributes (lowercased names). */
function cookiesOf(response: Response): Record<string, string[]> {
  return Object.fromEntries(response.headers.getSetCookie().map((line) => [line.split('=')[0]!, line.split('; ').slice(1)]));
}

const ADD = 'mutation ($input: AddToCartInput!) { addToCart(input: $input) { cart { productCount } errors { code } } }';

describe('cookie flags', () => {
  for (const [how, url, headers] of [
    ['http', 'http://shop.test/graphql', {}],
    ['https', 'https://shop.test/graphql', {}],
    ['https behind a TLS proxy', 'http://shop.test/graphql', { 'x-forwarded-proto': 'https' }],
  ] as const) {
    const secure = how !== 'http';
    it(`the session (HttpOnly) and language cookies of the gateway over ${how}: SameSite=Lax${secure ? ', Secure' : ''}`, async () => {
      const answer = await gw.gql(ADD, { input: { productId, quantity: 1 } }, { url, headers });
      expect(answer.body.data.addToCart.errors).toEqual([]);
      const cookies = cookiesOf(new Response(null, { headers: answer.headers }));
      expect(cookies['sw-context-token']).toEqual(expect.arrayContaining(['SameSite=Lax', 'HttpOnly', 'Path=/']));
      expect(cookies['sw-language-id']).toEqual(expect.arrayContaining(['SameSite=Lax', 'Path=/']));
      for (const name of ['sw-context-token', 'sw-language-id']) expect(cookies[name]!.includes('Secure'), name).toBe(secure);
    });

    it(`the language cookie of the plain "/" redirect over ${how}`, async () => {
      const response = await shopApp.fetch(new Request(url.replace('/graphql', '/'), { headers: { 'accept-language': 'fr-CH,fr;q=0.9', ...headers } }));
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/fr');
      const cookie = cookiesOf(response).i18n_redirected!;
      expect(cookie).toEqual(expect.arrayContaining(['SameSite=Lax', 'Path=/']));
      expect(cookie.includes('Secure')).toBe(secure);
    });

    it(`the cookies of the no-JavaScript cart form over ${how}`, async () => {
      // The page the form was on: the shop as the browser saw it (https behind the proxy).
      const origin = secure ? 'https://shop.test' : 'http://shop.test';
      const response = await shopApp.fetch(
        new Request(url.replace('/graphql', '/checkout/add-to-cart'), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
          body: new URLSearchParams({ productId, quantity: '1' }).toString(),
        }),
      );
      expect(response.status).toBe(303);
      const cookies = cookiesOf(response);
      expect(cookies['sw-context-token']).toEqual(expect.arrayContaining(['SameSite=Lax', 'HttpOnly']));
      // The cart hint is read by the page's script (the header badge): not HttpOnly, but Lax and Secure like the rest.
      expect(cookies.cart_hint).toEqual(expect.arrayContaining(['SameSite=Lax', 'Path=/']));
      for (const name of ['sw-context-token', 'sw-language-id', 'cart_hint']) expect(cookies[name]!.includes('Secure'), name).toBe(secure);
      if (secure) expect(response.headers.get('strict-transport-security')).toBe(HSTS);
    });
  }
});
