import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createStoreClient, StoreApiRequestError, type StoreCallObservation, type StoreClientOptions } from '../../gateway/src/store-client';
import { openTestShop } from '../support/shop';

// The Store API client's SPEC §7/§8 policy. A misbehaving Store API (a small Hono app whose fetch is
// injected, or a loopback HTTP server where a real socket is needed) answers as each case scripts it;
// the well-behaved cases run against the real embedded Store API on the seeded database.

const ACCESS_KEY = 'SWSCTESTKEY0000000000000001';
const LANGUAGE_ID = '2fbb5fe2e29a4d70aa5854ce7ce3e20b';

interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

type Answer = (request: Request) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A Store API that gives the scripted answers in turn (the last one again once the script runs out). */
function scriptedStoreApi(...answers: Answer[]) {
  const seen: SeenRequest[] = [];
  const app = new Hono();
  app.all('/store-api/*', async (c) => {
    const request = c.req.raw;
    seen.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body: await request.text() });
    const answer = answers[Math.min(seen.length, answers.length) - 1];
    if (!answer) throw new Error('no scripted answer');
    return answer(request);
  });
  return { seen, fetch: async (request: Request) => app.fetch(request) };
}

function clientFor(fetch: StoreClientOptions['fetch'], overrides: Partial<StoreClientOptions> = {}) {
  const calls: StoreCallObservation[] = [];
  const client = createStoreClient({
    baseUrl: 'http://store.test/store-api',
    accessKey: ACCESS_KEY,
    fetch,
    timeoutMs: 2_000,
    session: { contextToken: null },
    languageId: LANGUAGE_ID,
    requestId: 'req-1',
    onCall: (call) => calls.push(call),
    ...overrides,
  });
  return { client, calls };
}

async function failureOf(promise: Promise<unknown>): Promise<StoreApiRequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StoreApiRequestError);
    return error as StoreApiRequestError;
  }
  throw new Error('the call succeeded, a failure was expected');
}

const CONTEXT = { apiAlias: 'sales_channel_context', token: 'abc' };
const LISTING_CALL = ['readProductListing post /product-listing/{categoryId}', { pathParams: { categoryId: 'c0ffee' }, body: { limit: 24 } }] as const;

describe('retries (SPEC §7)', () => {
  it('retries a GET answered 503 once, and the retry succeeds', async () => {
    const api = scriptedStoreApi(json(503, { errors: [{ status: '503', detail: 'busy' }] }), json(200, CONTEXT));
    const { client, calls } = clientFor(api.fetch);
    const context = await client.invoke('readContext get /context');
    expect(context).toMatchObject({ apiAlias: 'sales_channel_context' });
    expect(api.seen).toHaveLength(2);
    expect(calls.map((c) => [c.attempt, c.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(calls[0]).toMatchObject({ operation: 'readContext get /context', method: 'GET', route: '/context', requestId: 'req-1' });
  });

  it('retries an idempotent request only once: a GET answered 502 twice fails with 500 and one message', async () => {
    const api = scriptedStoreApi(() => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, statusText: 'Bad Gateway' }));
    const { client, calls } = clientFor(api.fetch);
    const error = await failureOf(client.invoke('readContext get /context'));
    expect(api.seen).toHaveLength(2);
    expect(calls.map((c) => c.status)).toEqual([502, 502]);
    expect(error.statusCode).toBe(500);
    expect(error.upstreamStatus).toBe(502);
    expect(error.messages).toHaveLength(1);
    expect(error.messages[0]?.detail).toBe('The Store API answered 502 Bad Gateway: 502 Bad Gateway');
  });

  it.each([408, 409, 425, 429, 500, 504])('retries a GET answered %i', async (status) => {
    const api = scriptedStoreApi(json(status, { errors: [{ status: String(status), detail: 'not now' }] }), json(200, CONTEXT));
    const { client } = clientFor(api.fetch);
    await client.invoke('readContext get /context');
    expect(api.seen).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 501])('does not retry a GET answered %i', async (status) => {
    const api = scriptedStoreApi(json(status, { errors: [{ status: String(status), detail: 'no' }] }), json(200, CONTEXT));
    const { client } = clientFor(api.fetch);
    await failureOf(client.invoke('readContext get /context'));
    expect(api.seen).toHaveLength(1);
  });

  it('never retries a POST, even a read such as /product-listing: the server sees exactly one call', async () => {
    const api = scriptedStoreApi(json(503, { errors: [{ status: '503', detail: 'busy' }] }), json(200, { elements: [] }));
    const { client, calls } = clientFor(api.fetch);
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]).toMatchObject({ method: 'POST', path: '/store-api/product-listing/c0ffee' });
    expect(JSON.parse(api.seen[0]?.body ?? '')).toEqual({ limit: 24 });
    expect(calls).toHaveLength(1);
    expect(error.statusCode).toBe(500);
    expect(error.upstreamStatus).toBe(503);
    expect(error.messages).toEqual([expect.objectContaining({ detail: 'The Store API answered 503: busy' })]);
  });

  it('never retries PATCH or DELETE', async () => {
    const api = scriptedStoreApi(json(503, { errors: [] }));
    const { client } = clientFor(api.fetch);
    await failureOf(client.invoke('updateContext patch /context', { body: { languageId: LANGUAGE_ID } }));
    await failureOf(client.invoke('deleteCustomerAddress delete /account/address/{addressId}', { pathParams: { addressId: 'a1' } }));
    expect(api.seen.map((r) => r.method)).toEqual(['PATCH', 'DELETE']);
  });
});

describe('error mapping (SPEC §8)', () => {
  it('passes a 400 errors array through, with source.pointer and meta', async () => {
    const errors = [
      {
        status: '400',
        code: 'FRAMEWORK__INVALID_LIMIT_QUERY',
        title: 'Bad Request',
        detail: 'The limit must be a positive integer.',
        meta: { parameters: { limit: '-1' } },
        source: { pointer: '/limit' },
      },
      { status: '400', code: 'FRAMEWORK__INVALID_PAGE', title: 'Bad Request', detail: 'The page must be positive.', source: { pointer: '/page' } },
    ];
    const api = scriptedStoreApi(json(400, { errors }));
    const { client } = clientFor(api.fetch);
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(400);
    expect(error.messages).toEqual(errors);
    expect(error.messages[0]?.source?.pointer).toBe('/limit');
    expect(error.upstreamStatus).toBeNull();
    expect(error.operation).toBe('readProductListing post /product-listing/{categoryId}');
  });

  it('passes a 404 errors array through', async () => {
    const errors = [{ status: '404', code: 'FRAMEWORK__ROUTE_NOT_FOUND', title: 'Not Found', detail: 'Product for id c0ffee not found.' }];
    const api = scriptedStoreApi(json(404, { errors }));
    const { client } = clientFor(api.fetch);
    const error = await failureOf(client.invoke('readProductDetail post /product/{productId}', { pathParams: { productId: 'c0ffee' } }));
    expect(error.statusCode).toBe(404);
    expect(error.messages).toEqual(errors);
  });

  it('passes a 500 errors array through (a POST, so no retry)', async () => {
    const errors = [{ status: '500', code: 'FRAMEWORK__SQL_ERROR', title: 'Internal Server Error', detail: 'database is locked' }];
    const api = scriptedStoreApi(json(500, { errors }));
    const { client } = clientFor(api.fetch);
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(api.seen).toHaveLength(1);
    expect(error.statusCode).toBe(500);
    expect(error.messages).toEqual(errors);
  });

  it('passes a 500 errors array through after the GET retry', async () => {
    const errors = [{ status: '500', code: 'FRAMEWORK__SQL_ERROR', detail: 'database is locked' }];
    const api = scriptedStoreApi(json(500, { errors }));
    const { client } = clientFor(api.fetch);
    const error = await failureOf(client.invoke('readContext get /context'));
    expect(api.seen).toHaveLength(2);
    expect(error.statusCode).toBe(500);
    expect(error.messages).toEqual(errors);
  });

  it('makes a 4xx without Shopware errors array (a proxy page) a 500 with one message', async () => {
    const api = scriptedStoreApi(() => new Response('<html><title>404</title><body>Not Found</body></html>', { status: 404, statusText: 'Not Found' }));
    const { client } = clientFor(api.fetch);
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(500);
    expect(error.upstreamStatus).toBe(404);
    expect(error.messages).toEqual([expect.objectContaining({ status: '500', detail: 'The Store API answered 404 Not Found: 404 Not Found' })]);
  });

  it('reports a 408 answer as a timeout', async () => {
    const api = scriptedStoreApi(json(408, { errors: [{ status: '408', detail: 'too slow' }] }));
    const { client } = clientFor(api.fetch);
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(408);
    expect(error.messages).toHaveLength(1);
  });

  it('makes a 200 whose body is not JSON a 500 with one message', async () => {
    const api = scriptedStoreApi(() => new Response('<!doctype html><p>Welcome to nginx</p>', { status: 200 }));
    const { client } = clientFor(api.fetch);
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(500);
    expect(error.messages[0]?.detail).toContain('Welcome to nginx');
  });

  it('gives an empty 204 answer as undefined', async () => {
    const api = scriptedStoreApi(() => new Response(null, { status: 204 }));
    const { client } = clientFor(api.fetch);
    await expect(client.invoke('updateContext patch /context', { body: { languageId: LANGUAGE_ID } })).resolves.toBeUndefined();
  });
});

describe('headers and the context token (SPEC §7)', () => {
  it('sends sw-access-key, sw-context-token, sw-language-id and sw-include-seo-urls on every call, retries included', async () => {
    const api = scriptedStoreApi(json(503, {}), json(200, CONTEXT));
    const { client } = clientFor(api.fetch, { session: { contextToken: 'shopper-token-1' } });
    await client.invoke('readContext get /context');
    await client.invoke(...LISTING_CALL);
    expect(api.seen).toHaveLength(3);
    for (const request of api.seen) {
      expect(request.headers.get('sw-access-key')).toBe(ACCESS_KEY);
      expect(request.headers.get('sw-context-token')).toBe('shopper-token-1');
      expect(request.headers.get('sw-language-id')).toBe(LANGUAGE_ID);
      expect(request.headers.get('sw-include-seo-urls')).toBe('true');
      expect(request.headers.get('x-request-id')).toBe('req-1');
    }
    expect(api.seen[2]?.headers.get('content-type')).toBe('application/json');
    expect(api.seen[0]?.headers.get('content-type')).toBeNull();
  });

  it('sends no sw-context-token before the shop issued one', async () => {
    const api = scriptedStoreApi(json(200, CONTEXT));
    const { client } = clientFor(api.fetch);
    await client.invoke('readContext get /context');
    expect(api.seen[0]?.headers.has('sw-context-token')).toBe(false);
  });

  it('takes the context token from each answer, error answers included, and sends it on the next call', async () => {
    const api = scriptedStoreApi(
      json(200, CONTEXT, { 'sw-context-token': 'issued-1' }),
      json(403, { errors: [{ status: '403', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN' }] }, { 'sw-context-token': 'issued-2' }),
      json(200, CONTEXT),
      json(200, CONTEXT),
    );
    const { client } = clientFor(api.fetch);
    await client.invoke('readContext get /context');
    expect(client.session.contextToken).toBe('issued-1');
    await failureOf(client.invoke('readCustomer post /account/customer'));
    expect(api.seen[1]?.headers.get('sw-context-token')).toBe('issued-1');
    await client.invoke('readContext get /context');
    expect(api.seen[2]?.headers.get('sw-context-token')).toBe('issued-2');
    await client.invoke('readContext get /context');
    // an answer without the header keeps the token
    expect(api.seen[3]?.headers.get('sw-context-token')).toBe('issued-2');
  });

  it('shares the token between the clients of one request (one per language)', async () => {
    const api = scriptedStoreApi(json(200, CONTEXT, { 'sw-context-token': 'issued-1' }), json(200, CONTEXT));
    const session = { contextToken: null };
    const german = clientFor(api.fetch, { session }).client;
    const italian = clientFor(api.fetch, { session, languageId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }).client;
    await german.invoke('readContext get /context');
    await italian.invoke('readContext get /context');
    expect(api.seen[1]?.headers.get('sw-context-token')).toBe('issued-1');
    expect(api.seen[1]?.headers.get('sw-language-id')).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
  });

  it('keeps calling when the metrics hook throws', async () => {
    const api = scriptedStoreApi(json(200, CONTEXT));
    const { client } = clientFor(api.fetch, {
      onCall: () => {
        throw new Error('metrics down');
      },
    });
    await expect(client.invoke('readContext get /context')).resolves.toMatchObject({ apiAlias: 'sales_channel_context' });
  });
});

describe('timeouts and network errors (SPEC §8), over real sockets', () => {
  const servers: Server[] = [];

  /** A loopback HTTP server; `handle` may leave the request hanging on purpose. */
  async function loopback(handle: (request: IncomingMessage, respond: ServerResponse) => void): Promise<{ baseUrl: string; hits: () => number }> {
    let hits = 0;
    const server = createServer((request, response) => {
      hits += 1;
      handle(request, response);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/store-api`, hits: () => hits };
  }

  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('cuts off a Store API that never answers with 408 after the configured timeout (a POST: one attempt)', async () => {
    const { baseUrl, hits } = await loopback(() => {});
    const { client, calls } = clientFor((request) => fetch(request), { baseUrl, timeoutMs: 150 });
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(408);
    expect(error.messages).toEqual([expect.objectContaining({ status: '408', detail: 'The Store API did not answer within 150 ms.' })]);
    expect(hits()).toBe(1);
    expect(calls.map((c) => c.status)).toEqual([408]);
  });

  it('retries a GET that timed out once, then gives 408', async () => {
    const { baseUrl, hits } = await loopback(() => {});
    const { client, calls } = clientFor((request) => fetch(request), { baseUrl, timeoutMs: 100 });
    const error = await failureOf(client.invoke('readContext get /context'));
    expect(error.statusCode).toBe(408);
    expect(calls.map((c) => [c.attempt, c.status])).toEqual([
      [1, 408],
      [2, 408],
    ]);
    await expect.poll(hits).toBe(2);
  });

  it('cuts off an answer whose body hangs after the headers', async () => {
    const { baseUrl } = await loopback((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"elements": [');
    });
    const { client } = clientFor((request) => fetch(request), { baseUrl, timeoutMs: 150 });
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(408);
  });

  it('cuts off an in-process Store API that never answers, though its fetch ignores the abort signal', async () => {
    const { client } = clientFor(() => new Promise<Response>(() => {}), { timeoutMs: 100 });
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(408);
  });

  it('cuts off an in-process answer whose body stream stalls', async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"elements": ['));
      },
    });
    const { client } = clientFor(async () => new Response(stalled, { status: 200 }), { timeoutMs: 100 });
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(408);
  });

  it('reports a refused connection as 0 (a GET is tried twice)', async () => {
    const { baseUrl } = await loopback(() => {});
    const server = servers.pop();
    await new Promise<void>((resolve) => server?.close(() => resolve())); // the port is now closed
    const { client, calls } = clientFor((request) => fetch(request), { baseUrl });
    const error = await failureOf(client.invoke('readContext get /context'));
    expect(error.statusCode).toBe(0);
    expect(error.messages).toHaveLength(1);
    expect(error.messages[0]?.detail).toMatch(/could not be reached.*ECONNREFUSED/);
    expect(calls.map((c) => c.status)).toEqual([0, 0]);
  });

  it('reports a refused connection on a POST as 0 after one attempt', async () => {
    const { baseUrl } = await loopback(() => {});
    const server = servers.pop();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const { client, calls } = clientFor((request) => fetch(request), { baseUrl });
    const error = await failureOf(client.invoke(...LISTING_CALL));
    expect(error.statusCode).toBe(0);
    expect(calls).toHaveLength(1);
  });
});

describe('against the real embedded Store API', () => {
  let shop: Awaited<ReturnType<typeof openTestShop>>;
  let categoryId: string;

  beforeAll(async () => {
    shop = await openTestShop();
    const row = shop.db.prepare("SELECT id FROM category WHERE parent_id IS NOT NULL AND type = 'page' LIMIT 1").get() as { id: string };
    categoryId = row.id;
  });
  afterAll(() => shop?.close());

  function embeddedClient(session = { contextToken: null as string | null }) {
    const config = readGatewayConfig({}, shop.config.accessKey);
    const target = storeApiTarget(config, shop, { publicOrigin: 'http://localhost:3000' });
    return createStoreClient({ ...target, session, languageId: null });
  }

  it('reads a product listing with the official operation types', async () => {
    const client = embeddedClient();
    const listing = await client.invoke('readProductListing post /product-listing/{categoryId}', {
      pathParams: { categoryId },
      body: { limit: 3, includes: { product: ['id', 'translated', 'cover', 'seoUrls'] } },
    });
    // typed by @shopware/api-client: elements are Product, so `translated.name` is known to the compiler
    const names: (string | undefined)[] = listing.elements.map((product) => product.translated?.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
  });

  it('refuses an operation that neither Shopware nor the shop has, at compile time', async () => {
    const client = embeddedClient();
    // @ts-expect-error no such Store API operation
    await failureOf(client.invoke('readNothing post /nothing'));
  });

  it('passes the embedded Store API’s 404 errors array through for an unknown product', async () => {
    const client = embeddedClient();
    const error = await failureOf(client.invoke('readProductDetail post /product/{productId}', { pathParams: { productId: 'f'.repeat(32) } }));
    expect(error.statusCode).toBe(404);
    expect(error.messages[0]).toMatchObject({ status: '404' });
    expect(error.messages[0]?.code).toBeTruthy();
  });

  it('keeps the context token the embedded Store API issues and sends it back', async () => {
    const session = { contextToken: null as string | null };
    const client = embeddedClient(session);
    await client.invoke('readContext get /context');
    const issued = session.contextToken;
    expect(issued).toBeTruthy();
    const context = await client.invoke('readContext get /context');
    expect(context.token).toBe(issued);
  });
});
