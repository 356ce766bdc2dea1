import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountAccountFiles } from '../../server/account-files';
import { browser, cookieHeader, onProviderPage, openAccountGateway, ORIGIN, registeredCustomer, type AccountGateway, type Browser } from './account-gateway';
import { testProducts, type TestProducts } from './shop-session';

// Issue 6 (SPEC §2 account/order): the invoice and the files of digital products through the gateway's proxy
// routes (server/account-files.ts), which call the Store API with the shopper's HttpOnly session: the files of
// the session's own orders only, downloads only once paid, never cached; any other case is the same 404.

let gw: AccountGateway;
let products: TestProducts;
beforeAll(async () => {
  gw = await openAccountGateway();
  products = await testProducts();
});
afterAll(() => gw?.close());

const ORDER = `query ($id: ID!) { order(id: $id) { paymentStatus documents { id type number date url } downloads { id fileName url available } } }`;

/** GET of a same-origin URL the way the browser sends it: with the browser's cookies. */
function get(url: string, shopper?: Browser): Promise<Response> {
  const request = new Request(new URL(url, ORIGIN), { headers: shopper ? { cookie: cookieHeader(shopper) } : {} });
  const path = new URL(request.url).pathname.split('/').filter(Boolean);
  if (path[1] === 'document') return gw.files.document(request, path[2] ?? '');
  return gw.files.download(request, path[2] ?? '', path[3] ?? '');
}

async function order(shopper: Browser, productId: string, payment: string): Promise<string> {
  await shopper.gql(`mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`, { input: { productId } });
  await shopper.gql(`mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }`, { input: { paymentMethodId: gw.payment[payment] } });
  const placed = await shopper.gql(`mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderId } errors { code message } } }`, {
    input: { acceptedTerms: true, acceptedDownloadWaiver: true, idempotencyKey: randomUUID() },
  });
  expect(placed.body.data.placeOrder.errors).toEqual([]);
  return placed.body.data.placeOrder.order.orderId as string;
}

describe('account files', () => {
  it('the invoice of an own order downloads as a PDF, never cached; another session and no session get 404', async () => {
    const { shopper } = await registeredCustomer(gw);
    const orderId = await order(shopper, products.delivery.id, 'payment_invoice');
    const read = await shopper.gql(ORDER, { id: orderId });
    const [document] = read.body.data.order.documents;
    expect(document).toMatchObject({ type: 'invoice', url: `/account/document/${document.id}` });
    expect(document.number).not.toBe('');

    const response = await get(document.url, shopper);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="[\w.-]+\.pdf"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

    const { shopper: other } = await registeredCustomer(gw);
    const foreign = await get(document.url, other);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('cache-control')).toBe('private, no-store');
    expect((await get(document.url)).status).toBe(404);
    expect((await get(document.url, browser(gw))).status).toBe(404);
    expect((await get('/account/document/..%2F..%2Fetc', shopper)).status).toBe(404);
  });

  it('a download is offered only after payment, then streams to its session alone', async () => {
    expect(products.download).not.toBeNull();
    const { shopper } = await registeredCustomer(gw);
    const orderId = await order(shopper, products.download!.id, 'payment_card');
    const unpaid = (await shopper.gql(ORDER, { id: orderId })).body.data.order;
    expect(unpaid.paymentStatus).not.toBe('PAID');
    expect(unpaid.downloads.length).toBeGreaterThan(0);
    const [download] = unpaid.downloads;
    expect(download).toMatchObject({ url: null, available: false });
    expect(download.fileName).not.toBe('');
    // the URL would be refused anyway before payment
    expect((await get(`/account/download/${orderId}/${download.id}`, shopper)).status).toBe(404);

    const handled = await shopper.gql(`mutation ($input: HandlePaymentInput!) { handlePayment(input: $input) { redirectUrl errors { code } } }`, { input: { orderId } });
    await onProviderPage(gw, handled.body.data.handlePayment.redirectUrl, 'pay');
    const paid = (await shopper.gql(ORDER, { id: orderId })).body.data.order;
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.downloads[0]).toMatchObject({ id: download.id, url: `/account/download/${orderId}/${download.id}`, available: true });

    const response = await get(paid.downloads[0].url, shopper);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const { shopper: other } = await registeredCustomer(gw);
    expect((await get(paid.downloads[0].url, other)).status).toBe(404);
    expect((await get(paid.downloads[0].url)).status).toBe(404);
  });

  it('an invoice order shows its QR-bill: account, reference and amount in the graph, the payment part as an SVG for its session alone', async () => {
    const { shopper } = await registeredCustomer(gw);
    const orderId = await order(shopper, products.delivery.id, 'payment_invoice');
    const read = await shopper.gql(`query ($id: ID!) { order(id: $id) { orderNumber totalPrice paymentSlip { iban reference amount creditorName creditorAddress imageUrl } } }`, { id: orderId });
    const { orderNumber, totalPrice, paymentSlip } = read.body.data.order;
    expect(paymentSlip).toEqual({
      iban: 'CH44 3199 9123 0008 8901 2',
      reference: expect.stringMatching(new RegExp(`^00 00000 00000 00000 0\\d{4} \\d{5}$`)),
      amount: totalPrice,
      creditorName: 'Edelweiss Apotheken AG',
      creditorAddress: 'Bahnhofstrasse 12, 8001 Zürich',
      imageUrl: `/account/order/${orderId}/qr-bill.svg?lang=de`,
    });
    expect(paymentSlip.reference.replace(/\s/g, '').slice(0, 26).replace(/^0+/, '')).toBe(orderNumber);

    const app = new Hono();
    mountAccountFiles(app, { target: gw.target });
    const image = (shopper?: Browser, url = paymentSlip.imageUrl) => app.fetch(new Request(new URL(url, ORIGIN), { headers: shopper ? { cookie: cookieHeader(shopper) } : {} }));
    const svg = await image(shopper);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(svg.headers.get('cache-control')).toBe('private, no-store');
    const drawn = await svg.text();
    expect(drawn).toContain('Zahlteil');
    expect(drawn).toContain(paymentSlip.reference);
    // in the page's language
    expect(await (await image(shopper, paymentSlip.imageUrl.replace('lang=de', 'lang=fr'))).text()).toContain('Section paiement');

    const { shopper: other } = await registeredCustomer(gw);
    expect((await image(other)).status).toBe(404);
    expect((await image()).status).toBe(404);
    // a card order has nothing to transfer
    const cardOrder = await order(shopper, products.delivery.id, 'payment_card');
    expect((await shopper.gql(`query ($id: ID!) { order(id: $id) { paymentSlip { iban } } }`, { id: cardOrder })).body.data.order.paymentSlip).toBeNull();
    expect((await image(shopper, `/account/order/${cardOrder}/qr-bill.svg?lang=de`)).status).toBe(404);
  });

  it('the server mounts both routes (GET only)', async () => {
    const app = new Hono();
    mountAccountFiles(app, { target: gw.target });
    const { shopper } = await registeredCustomer(gw);
    const orderId = await order(shopper, products.delivery.id, 'payment_invoice');
    const [document] = (await shopper.gql(ORDER, { id: orderId })).body.data.order.documents;
    const ok = await app.fetch(new Request(new URL(document.url, ORIGIN), { headers: { cookie: cookieHeader(shopper) } }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const missing = await app.fetch(new Request(new URL(`/account/download/${orderId}/${'0'.repeat(32)}`, ORIGIN), { headers: { cookie: cookieHeader(shopper) } }));
    expect(missing.status).toBe(404);
    const posted = await app.fetch(new Request(new URL(document.url, ORIGIN), { method: 'POST', headers: { cookie: cookieHeader(shopper) } }));
    expect(posted.status).toBe(404);
  });

  it('a Store API outage answers 503, not the file', async () => {
    const { shopper } = await registeredCustomer(gw);
    const orderId = await order(shopper, products.delivery.id, 'payment_invoice');
    const [document] = (await shopper.gql(ORDER, { id: orderId })).body.data.order.documents;
    gw.outage = /document\/download/;
    try {
      const response = await get(document.url, shopper);
      expect(response.status).toBe(503);
    } finally {
      gw.outage = null;
    }
  });
});
