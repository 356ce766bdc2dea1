import { spawnSync } from 'node:child_process';
import { parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { GRAPHIQL_TABS } from '../../gateway/src/graphiql-tabs';
import { gatewaySchema } from '../../gateway/src/schema';
import { createGateway, type Gateway } from '../../gateway/src/yoga';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';
import { failingSchema } from './server-schema';

// The gateway's HTTP layer over the real embedded Store API: GraphiQL, session cookies, CSRF prevention,
// error masking and mapping, metrics, request ids.

const SESSION_QUERY = '{ context { language { id } } }';
/** A mutation opens the browser session (a query never does, ADR 0011); this one adds nothing to the cart. */
const SESSION_MUTATION = `mutation { addToCart(input: { productId: "${'f'.repeat(32)}" }) { errors { code } } }`;

function setCookies(headers: Headers): string[] {
  return headers.getSetCookie();
}

function cookieNamed(headers: Headers, name: string): string | undefined {
  return setCookies(headers).find((c) => c.startsWith(`${name}=`));
}

let gw: TestGateway;
beforeAll(async () => {
  gw = await openTestGateway();
});
afterAll(() => gw?.close());

describe('GraphiQL', () => {
  const page = (target: TestGateway) => target.fetch(new Request(`${ORIGIN}/graphql`, { headers: { accept: 'text/html' } }));

  it('is served on GET /graphql to a browser in development, with the shop tour as its tabs', async () => {
    const response = await page(gw);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<title>Swiss pharmacy · GraphQL</title>');
    // The offline bundle: no script or style is fetched from a CDN.
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    expect(html).toContain('YogaGraphiQL.renderYogaGraphiQL');
  });

  it('is not served on a public host (PUBLIC_ORIGIN https) unless GRAPHIQL=true', async () => {
    const production = await openTestGateway({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.apotheke.example' } });
    const enabled = await openTestGateway({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.apotheke.example', GRAPHIQL: 'true' } });
    try {
      const hidden = await page(production);
      expect(await hidden.text()).not.toContain('renderYogaGraphiQL');
      expect(hidden.headers.get('content-type') ?? '').not.toContain('text/html');
      const shown = await page(enabled);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('renderYogaGraphiQL');
    } finally {
      production.close();
      enabled.close();
    }
  });

  it('opens with tabs that are valid queries against the schema', () => {
    expect(GRAPHIQL_TABS.length).toBeGreaterThanOrEqual(4);
    for (const tab of GRAPHIQL_TABS) {
      expect(validate(gatewaySchema(), parse(tab.query)).map((e) => e.message)).toEqual([]);
    }
  });

  it.each(['DE', 'IT', 'FR'])('answers its tour (product, listing with filters, search, route) in %s', async (locale) => {
    for (const tab of GRAPHIQL_TABS) {
      const variables = { ...(JSON.parse(tab.variables ?? '{}') as Record<string, unknown>), locale };
      const result = await gw.gql(tab.query, variables);
      expect(result.body.errors, `${tab.query.split('\n')[1]}: ${JSON.stringify(result.body.errors)}`).toBeUndefined();
      expect(Object.values(result.body.data as Record<string, unknown>).every((value) => value !== null)).toBe(true);
    }
  });
});

describe('session cookies (SPEC §7)', () => {
  it('writes the Store API context token as an HttpOnly, Lax, one-year cookie with the language beside it', async () => {
    const result = await gw.gql(SESSION_MUTATION);
    expect(result.body.errors).toBeUndefined();
    const token = cookieNamed(result.headers, 'sw-context-token');
    expect(token).toBeDefined();
    const attributes = token!.split('; ');
    expect(attributes[0]).toMatch(/^sw-context-token=[A-Za-z0-9_-]+$/);
    expect(attributes).toEqual(expect.arrayContaining(['Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'HttpOnly']));
    expect(attributes).not.toContain('Secure');
    // Other channels read the token from the response header, as from the Store API.
    expect(result.headers.get('sw-context-token')).toBe(attributes[0]!.split('=')[1]);

    const language = cookieNamed(result.headers, 'sw-language-id');
    expect(language).toBeDefined();
    const languageAttributes = language!.split('; ');
    const german = (await gw.gql(SESSION_QUERY)).body.data.context.language.id as string;
    expect(languageAttributes[0]).toBe(`sw-language-id=${german}`);
    expect(languageAttributes).toEqual(expect.arrayContaining(['Max-Age=31536000', 'Path=/', 'SameSite=Lax']));
    expect(languageAttributes).not.toContain('HttpOnly');
  });

  it('writes no cookie for a query from a browser without a session', async () => {
    const result = await gw.gql(SESSION_QUERY);
    expect(result.body.errors).toBeUndefined();
    expect(setCookies(result.headers)).toEqual([]);
    expect(result.headers.get('sw-context-token')).toBeNull();
  });

  it('marks the cookies Secure when the shop is served over https (directly or behind a proxy)', async () => {
    const direct = await gw.gql(SESSION_MUTATION, undefined, { url: 'https://shop.test/graphql' });
    expect(cookieNamed(direct.headers, 'sw-context-token')!.split('; ')).toContain('Secure');
    expect(cookieNamed(direct.headers, 'sw-language-id')!.split('; ')).toContain('Secure');
    const proxied = await gw.gql(SESSION_MUTATION, undefined, { headers: { 'x-forwarded-proto': 'https' } });
    expect(cookieNamed(proxied.headers, 'sw-context-token')!.split('; ')).toContain('Secure');
  });

  it('sends the cookie token to the Store API and writes nothing back while it stays the same', async () => {
    const first = await gw.gql(SESSION_MUTATION);
    const token = first.headers.get('sw-context-token')!;
    expect(token).toBeTruthy();
    const languageId = (await gw.gql(SESSION_QUERY)).body.data.context.language.id as string;
    gw.storeCalls.reset();
    const again = await gw.gql(SESSION_QUERY, undefined, { cookies: { 'sw-context-token': token, 'sw-language-id': languageId } });
    expect(again.body.errors).toBeUndefined();
    expect(gw.storeCalls.list.length).toBeGreaterThan(0);
    for (const call of gw.storeCalls.list) expect(call.headers.get('sw-context-token')).toBe(token);
    expect(setCookies(again.headers)).toEqual([]);
  });

  it('reads the language from the cookie and corrects a language cookie the shop does not know', async () => {
    const languages = await gw.gql('{ languages { id locale } }');
    const italian = (languages.body.data.languages as { id: string; locale: string }[]).find((l) => l.locale === 'IT');
    expect(italian).toBeDefined();
    const inItalian = await gw.gql(SESSION_QUERY, undefined, { cookies: { 'sw-context-token': 'aToken123', 'sw-language-id': italian!.id } });
    expect(inItalian.body.data.context.language.id).toBe(italian!.id);

    const unknown = await gw.gql(SESSION_QUERY, undefined, { cookies: { 'sw-context-token': 'aToken123', 'sw-language-id': '0'.repeat(32) } });
    const corrected = cookieNamed(unknown.headers, 'sw-language-id');
    expect(corrected?.split('; ')[0]).toBe(`sw-language-id=${unknown.body.data.context.language.id}`);

    const missing = await gw.gql(SESSION_QUERY, undefined, { cookies: { 'sw-context-token': 'aToken123' }, headers: { 'accept-language': 'fr-CH' } });
    expect(missing.body.data.context.language.id).not.toBe(italian!.id);
    expect(cookieNamed(missing.headers, 'sw-language-id')?.split('; ')[0]).toBe(`sw-language-id=${missing.body.data.context.language.id}`);
    expect(cookieNamed(missing.headers, 'sw-context-token')).toBeUndefined();
  });
});

describe('CSRF prevention for cookie-carrying requests', () => {
  const cookie = 'sw-context-token=aToken123';
  const body = JSON.stringify({ query: SESSION_QUERY });

  it('refuses a form POST (form-urlencoded, multipart) that carries cookies, before any Store API call; text/plain is never run', async () => {
    gw.storeCalls.reset();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await gw.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { cookie, 'content-type': type }, body }));
      expect(response.status).toBe(403);
      const json = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(json.errors[0]!.extensions.code).toBe('CSRF_PREVENTED');
      expect(json.errors[0]!.message).toMatch(/application\/json/);
    }
    // yoga reads no text/plain body: 415, nothing run.
    expect((await gw.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body }))).status).toBe(415);
    expect(gw.storeCalls.count).toBe(0);
  });

  it('refuses a cookie-carrying GET query unless it carries the x-graphql-csrf header', async () => {
    const url = `${ORIGIN}/graphql?query=${encodeURIComponent(SESSION_QUERY)}`;
    const refused = await gw.fetch(new Request(url, { headers: { cookie, accept: 'application/json' } }));
    expect(refused.status).toBe(403);
    const allowed = await gw.fetch(new Request(url, { headers: { cookie, accept: 'application/json', 'x-graphql-csrf': '1' } }));
    expect(allowed.status).toBe(200);
  });

  it('lets the storefront (same-origin JSON with cookies) and cookie-less channels through', async () => {
    const storefront = await gw.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body }));
    expect(storefront.status).toBe(200);
    const app = await gw.fetch(new Request(`${ORIGIN}/graphql?query=${encodeURIComponent(SESSION_QUERY)}`, { headers: { accept: 'application/json', 'sw-context-token': 'aToken123' } }));
    expect(app.status).toBe(200);
  });

  // Issue 17 item 2 (ADR 0022): a cross-site form carries no cookie (SameSite=Lax), yet its login would set the
  // attacker's session in the shopper's browser. A form POST must prove it comes from the shop, cookies or not.
  const LOGIN = 'mutation { login(input: { email: "angreifer@example.ch", password: "Geheim-123" }) { errors { code } } }';
  const formPost = (headers: Record<string, string>) =>
    gw.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams({ query: LOGIN }).toString() }));

  it('refuses a cookie-less form POST (login CSRF) from a foreign page or with no proof, before any Store API call', async () => {
    gw.storeCalls.reset();
    const attempts: Array<Record<string, string>> = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${ORIGIN}.evil.example` },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'http://sub.shop.test' },
      { referer: 'https://evil.example/shop.test' },
    ];
    for (const headers of attempts) {
      const response = await formPost(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('CSRF_PREVENTED');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const multipart = new FormData();
    multipart.set('operations', JSON.stringify({ query: LOGIN }));
    multipart.set('map', '{}');
    const upload = await gw.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { origin: 'https://evil.example' }, body: multipart }));
    expect(upload.status).toBe(403);
    expect(gw.storeCalls.count).toBe(0);
  });

  it('runs a form POST from the shop’s own pages: its Origin, Sec-Fetch-Site same-origin, or (no Origin) its Referer', async () => {
    const fromShop: Array<Record<string, string>> = [{ origin: ORIGIN }, { 'sec-fetch-site': 'same-origin' }, { referer: `${ORIGIN}/login` }];
    for (const headers of fromShop) {
      const response = await formPost(headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(((await response.json()) as { data: { login: { errors: { code: string }[] } } }).data.login.errors[0]!.code).toBe('LOGIN_FAILED');
    }
  });

  it('grants no CORS to foreign origins, so their preflight fails', async () => {
    const preflight = await gw.fetch(
      new Request(`${ORIGIN}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      }),
    );
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('errors', () => {
  let failing: TestGateway;
  beforeAll(async () => {
    failing = await openTestGateway({ schema: failingSchema });
  });
  afterAll(() => failing?.close());

  it('masks an internal error behind an error id that the log carries with the stack', async () => {
    const result = await failing.gql('{ ok boom }', undefined, { headers: { 'x-request-id': 'req-boom-1' } });
    expect(result.body.data).toEqual({ ok: 'ok', boom: null });
    const error = result.body.errors![0]!;
    expect(error.message).not.toContain('hunter2');
    expect(error.extensions!.code).toBe('INTERNAL_SERVER_ERROR');
    const errorId = error.extensions!.errorId as string;
    expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toContain(errorId);
    expect(error.path).toEqual(['boom']);
    const line = failing.logs.find((l) => l.errorId === errorId);
    expect(line).toBeDefined();
    expect(line!.requestId).toBe('req-boom-1');
    expect((line!.err as { stack: string }).stack).toContain('hunter2');
  });

  it('maps a Store API 404 to a NOT_FOUND error with its status and Shopware errors', async () => {
    const result = await failing.gql('{ missingProduct }');
    const error = result.body.errors![0]!;
    expect(error.extensions!.code).toBe('NOT_FOUND');
    expect(error.extensions!.status).toBe(404);
    expect(error.extensions!.storeApiErrors).toEqual([expect.objectContaining({ status: '404' })]);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.path).toEqual(['missingProduct']);
  });
});

describe('a failing Store API', () => {
  const failingGateway = (fetchFromStore: (request: Request) => Promise<Response>) => {
    const config = readGatewayConfig({ NODE_ENV: 'test', STORE_API_URL: 'http://store.invalid/store-api', STORE_API_ACCESS_KEY: 'KEY' });
    const logs: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
    const gateway = createGateway({ config, target: { ...storeApiTarget(config), fetch: fetchFromStore }, logger });
    return { gateway, logs };
  };
  const ask = async (gateway: Gateway) => {
    const response = await gateway.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: SESSION_QUERY }) }));
    return (await response.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
  };

  it('answers a clear STORE_API_UNREACHABLE error (status 0) with an error id in the log when nothing answers', async () => {
    const { gateway, logs } = failingGateway(() => Promise.reject(new TypeError('fetch failed')));
    const body = await ask(gateway);
    const error = body.errors[0]!;
    expect(error.extensions).toMatchObject({ code: 'STORE_API_UNREACHABLE', status: 0 });
    expect(error.message).toBe('The shop back end cannot be reached. Please try again in a moment.');
    expect(logs.find((l) => l.errorId === error.extensions.errorId)).toMatchObject({ status: 0 });
  });

  it('maps a 503 answer to STORE_API_ERROR (500 per SPEC §8) and names the upstream status', async () => {
    const { gateway } = failingGateway(async () => new Response('busy', { status: 503 }));
    const error = (await ask(gateway)).errors[0]!;
    expect(error.extensions).toMatchObject({ code: 'STORE_API_ERROR', status: 500, upstreamStatus: 503 });
    expect(error.message).toBe('The shop back end could not complete the request. Please try again in a moment.');
  });
});

describe('observability', () => {
  it('carries the request id to the Store API and answers with it', async () => {
    gw.storeCalls.reset();
    const result = await gw.gql(SESSION_QUERY, undefined, { headers: { 'x-request-id': 'req-trace-42' } });
    expect(result.headers.get('x-request-id')).toBe('req-trace-42');
    expect(gw.storeCalls.count).toBeGreaterThan(0);
    for (const call of gw.storeCalls.list) expect(call.headers.get('x-request-id')).toBe('req-trace-42');
    expect(gw.logs.find((l) => l.requestId === 'req-trace-42' && l.msg === 'graphql operation')).toMatchObject({ outcome: 'success' });
  });

  it('shows GraphQL operations and Store API calls at /metrics in Prometheus format', async () => {
    await gw.gql(`query MetricsProbe ${SESSION_QUERY}`);
    await gw.gql('query MetricsProbeBroken { nope }');
    const response = await gw.metrics.respond();
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/^graphql_operations_total\{operation="MetricsProbe",outcome="success"\} 1$/m);
    expect(text).toMatch(/^graphql_operations_total\{operation="MetricsProbeBroken",outcome="invalid"\} 1$/m);
    expect(text).toMatch(/^graphql_operation_duration_seconds_bucket\{le="[^"]+",operation="MetricsProbe",outcome="success"\} 1$/m);
    expect(text).toMatch(/^store_api_calls_total\{method="GET",route="\/context",status="200"\} \d+$/m);
    expect(text).toMatch(/^store_api_call_duration_seconds_count\{method="GET",route="\/context",status="200"\} \d+$/m);
  });
});

describe('npm run gateway', () => {
  it('stops at start with the setup error and exit code 1 when the Store API is misconfigured', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
      env: { ...process.env, STORE_API_URL: 'https://shop.example/store-api', STORE_API_ACCESS_KEY: '', GATEWAY_PORT: '0', LOG_LEVEL: 'fatal' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Gateway setup error: STORE_API_ACCESS_KEY is missing');
  });
});
