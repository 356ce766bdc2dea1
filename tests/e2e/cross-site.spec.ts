import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { confirmedAccount, findProducts, isBuyable, isDelivery } from './support/shop';

// Issue 17 (ADR 0022) in Chromium against the real server: an attacker's page on another site (localhost, while the
// shop is browsed as 127.0.0.1) sends the shop real HTML forms, and raw requests bring forged Host headers. Nothing
// they send changes the shopper's session or cart, and nothing the shop answers names the forged host.

let attacker: Server;
let attackerOrigin: string;
/** The attacker's pages by path: an HTML form that submits itself on load. */
const attackerPages = new Map<string, string>();

test.beforeAll(async () => {
  attacker = createServer((request, response) => {
    const page = attackerPages.get(request.url ?? '');
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** An attacker's page whose form posts `fields` to `action` (on the shop) as soon as it loads. */
function selfSubmittingForm(path: string, action: string, fields: Record<string, string>, enctype = 'application/x-www-form-urlencoded'): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeAttribute(name)}" value="${escapeAttribute(value)}">`)
    .join('');
  attackerPages.set(path, `<!doctype html><title>Gewinnspiel</title><form method="post" action="${escapeAttribute(action)}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`);
  return `${attackerOrigin}${path}`;
}

test('login CSRF: a foreign page’s login form does not put the attacker’s session into the shopper’s browser', async ({ page, baseURL }) => {
  const email = `angreifer-${Date.now()}@example.ch`;
  const password = 'Angriff-123';
  await confirmedAccount(page.request, { email, password, firstName: 'Mallory', lastName: 'Angreifer' });
  await page.context().clearCookies();

  const query = `mutation { login(input: { email: "${email}", password: "${password}" }) { errors { code } } }`;
  for (const enctype of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    const answer = page.waitForResponse((response) => response.url() === `${baseURL}/graphql`);
    await page.goto(selfSubmittingForm(`/login-${enctype.split('/')[1]}`, `${baseURL}/graphql`, { query }, enctype));
    expect((await answer).status(), enctype).toBe(403);
  }
  // The shopper's browser holds no session of the attacker: the account area asks for a login.
  expect((await page.context().cookies(baseURL)).map((cookie) => cookie.name)).not.toContain('sw-context-token');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
});

test('a foreign page’s add-to-cart form changes nothing in the shopper’s cart', async ({ page, request, baseURL }) => {
  const [product] = await findProducts(request, (found) => isBuyable(found) && isDelivery(found));
  const answer = page.waitForResponse((response) => response.url().startsWith(`${baseURL}/checkout/add-to-cart`));
  await page.goto(selfSubmittingForm('/cart', `${baseURL}/checkout/add-to-cart`, { productId: product!.productId, quantity: '3' }));
  expect((await answer).status()).toBe(403);
  expect((await page.context().cookies(baseURL)).map((cookie) => cookie.name)).not.toContain('sw-context-token');
});

/** A GET of the real server with a Host header of our choosing (browsers cannot set one). */
function getWithHost(baseURL: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers: { host, 'accept-encoding': 'identity' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

test('pages, robots.txt and the sitemap name the configured host, never the Host a request brings, also from the page cache', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const configured = `https://localhost:${port}`;
  for (const host of ['evil.example', 'EVIL.example:8443', '[::1]:9', `127.0.0.1:${port}`]) {
    for (const path of ['/', '/marken', '/robots.txt', '/sitemap.xml']) {
      const answer = await getWithHost(baseURL!, path, host);
      expect(answer.status, `${host} ${path}`).toBe(200);
      expect(answer.body.toLowerCase(), `${host} ${path}`).not.toContain('evil.example');
      if (path === '/marken') expect(answer.body).toContain(`<link rel="canonical" href="${configured}/marken"/>`);
      if (path === '/robots.txt') expect(answer.body).toContain(`Sitemap: ${configured}/sitemap.xml`);
    }
  }
});
