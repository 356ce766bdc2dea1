import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createGatewayMetrics } from '../../gateway/src/metrics';
import { BREAKER_CONSECUTIVE_FAILURES, BREAKER_HALF_OPEN_AFTER_MS, createUpstreamBreaker, isUpstreamFailure } from '../../gateway/src/store-client/circuit-breaker';
import { createStoreClient, StoreApiRequestError, type UpstreamBreaker } from '../../gateway/src/store-client';
import { createGateway } from '../../gateway/src/yoga';
import { errorStatusOf, pageStatusOf } from '../../storefront/platform/relay/gatewayFetch';

// The circuit breaker per upstream (issue 8, ADR 0016) against a real HTTP server on loopback whose answers the
// test sets: it opens after five failed calls in a row, then refuses calls without sending them (the 503 page),
// lets one trial call through after the half-open delay, and closes when that call succeeds. 4xx never count.

type Mode = { kind: 'ok' } | { kind: 'status'; status: number } | { kind: 'hang' };

let server: Server;
let baseUrl = '';
let mode: Mode = { kind: 'ok' };
let received = 0;
const hanging = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    received += 1;
    request.resume();
    if (mode.kind === 'hang') {
      hanging.add(response);
      return;
    }
    const status = mode.kind === 'ok' ? 200 : mode.status;
    const body = status === 200 ? { elements: [] } : { errors: [{ status: String(status), code: 'TEST', detail: `answered ${status}` }] };
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/store-api`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = { kind: 'ok' };
  received = 0;
});

const HALF_OPEN_MS = 300;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setup(options: { timeoutMs?: number } = {}) {
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const registry = new Registry();
  const breaker = createUpstreamBreaker({ upstream: baseUrl, logger, registry, halfOpenAfterMs: HALF_OPEN_MS });
  const client = createStoreClient({
    baseUrl,
    accessKey: 'KEY',
    fetch: (request) => fetch(request),
    timeoutMs: options.timeoutMs ?? 5000,
    session: { contextToken: null },
    breaker,
  });
  // A POST (never retried) and a GET (retried once): the breaker counts each call once.
  const post = () => client.invoke('readLanguages post /language', { body: {} });
  const get = () => client.invoke('readContext get /context');
  return { breaker, post, get, logs, registry };
}

async function failure(call: () => Promise<unknown>): Promise<StoreApiRequestError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof StoreApiRequestError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

async function openBreaker(calls: () => Promise<unknown>, breaker: UpstreamBreaker) {
  mode = { kind: 'status', status: 503 };
  for (let i = 0; i < BREAKER_CONSECUTIVE_FAILURES; i++) await failure(calls);
  expect(breaker.state()).toBe('open');
}

describe('the circuit breaker of a Store API upstream', () => {
  it('names its figures: five failed calls in a row open it, ten seconds until a trial call', () => {
    expect(BREAKER_CONSECUTIVE_FAILURES).toBe(5);
    expect(BREAKER_HALF_OPEN_AFTER_MS).toBe(10_000);
  });

  it('opens after five failed calls in a row and then refuses calls at once, without sending them', async () => {
    const { breaker, post, logs, registry } = setup();
    mode = { kind: 'status', status: 503 };
    // SPEC-side numbers written out (not the imported constant): four failures leave it closed, the fifth opens it.
    for (let i = 1; i <= 4; i++) {
      const error = await failure(post);
      expect(error).toMatchObject({ statusCode: 500, upstreamStatus: 503 });
      expect(received).toBe(i);
      expect(breaker.state()).toBe('closed');
    }
    expect(await failure(post)).toMatchObject({ statusCode: 500, upstreamStatus: 503 });
    expect(received).toBe(5);
    expect(breaker.state()).toBe('open');
    mode = { kind: 'ok' };
    const refused = await failure(post);
    // The kind of error a 503 answer gives (SPEC §8: status 500, upstream 503): the page shows the 503 page.
    expect(refused).toMatchObject({ statusCode: 500, upstreamStatus: 503, operation: 'readLanguages post /language' });
    expect(refused.messages[0]).toMatchObject({ code: 'STORE_API_CIRCUIT_OPEN', status: '503' });
    expect(received).toBe(5);
    expect(breaker.rejecting()).toBe(true);
    expect(logs.find((line) => line.state === 'open')).toMatchObject({ level: 40, upstream: baseUrl, msg: expect.stringContaining('circuit open') });
    const metrics = await registry.metrics();
    expect(metrics).toContain(`store_api_circuit_state{upstream="${baseUrl}"} 2`);
    expect(metrics).toContain(`store_api_circuit_rejected_calls_total{upstream="${baseUrl}"} 1`);
  });

  it('counts a GET and its retry as one call', async () => {
    const { breaker, get } = setup();
    mode = { kind: 'status', status: 503 };
    for (let i = 0; i < 4; i++) await failure(get);
    expect(received).toBe(8);
    expect(breaker.state()).toBe('closed');
    await failure(get);
    expect(breaker.state()).toBe('open');
  });

  it('closes again when the trial call after the half-open delay succeeds', async () => {
    const { breaker, post, logs, registry } = setup();
    await openBreaker(post, breaker);
    mode = { kind: 'ok' };
    await failure(post);
    expect(received).toBe(BREAKER_CONSECUTIVE_FAILURES);
    await wait(HALF_OPEN_MS + 50);
    expect(breaker.rejecting()).toBe(false);
    await expect(post()).resolves.toEqual({ elements: [] });
    expect(breaker.state()).toBe('closed');
    await expect(post()).resolves.toEqual({ elements: [] });
    expect(received).toBe(BREAKER_CONSECUTIVE_FAILURES + 2);
    expect(logs.map((line) => line.state).filter(Boolean)).toEqual(['open', 'half-open', 'closed']);
    expect(await registry.metrics()).toContain(`store_api_circuit_state{upstream="${baseUrl}"} 0`);
  });

  it('opens again at once when the trial call fails', async () => {
    const { breaker, post } = setup();
    await openBreaker(post, breaker);
    await wait(HALF_OPEN_MS + 50);
    await failure(post);
    expect(received).toBe(BREAKER_CONSECUTIVE_FAILURES + 1);
    expect(breaker.state()).toBe('open');
    await failure(post);
    expect(received).toBe(BREAKER_CONSECUTIVE_FAILURES + 1);
  });

  it('refuses other calls while the one trial call is under way, instead of letting them wait for it', async () => {
    const { breaker, post } = setup({ timeoutMs: 400 });
    await openBreaker(post, breaker);
    await wait(HALF_OPEN_MS + 50);
    mode = { kind: 'hang' };
    let trialSettled = false;
    const trial = failure(post).finally(() => (trialSettled = true));
    await wait(50);
    expect(breaker.state()).toBe('half-open');
    const refused = await failure(post);
    expect(refused.messages[0]).toMatchObject({ code: 'STORE_API_CIRCUIT_OPEN' });
    // refused while the trial still waits for its timeout
    expect(trialSettled).toBe(false);
    expect(await trial).toMatchObject({ statusCode: 408 });
    expect(breaker.state()).toBe('open');
  });

  it('counts timeouts and unreachable servers, never 4xx answers', async () => {
    const { breaker, post } = setup({ timeoutMs: 100 });
    for (const status of [400, 401, 404, 409, 429]) {
      mode = { kind: 'status', status };
      for (let i = 0; i < BREAKER_CONSECUTIVE_FAILURES; i++) await failure(post);
    }
    expect(breaker.state()).toBe('closed');
    expect(received).toBe(5 * BREAKER_CONSECUTIVE_FAILURES);

    mode = { kind: 'hang' };
    for (let i = 0; i < BREAKER_CONSECUTIVE_FAILURES; i++) expect(await failure(post)).toMatchObject({ statusCode: 408 });
    expect(breaker.state()).toBe('open');

    const closedPort = createUpstreamBreaker({ upstream: 'http://127.0.0.1:9/store-api', halfOpenAfterMs: HALF_OPEN_MS });
    const unreachable = createStoreClient({
      baseUrl: 'http://127.0.0.1:9/store-api',
      accessKey: 'KEY',
      fetch: (request) => fetch(request),
      timeoutMs: 2000,
      session: { contextToken: null },
      breaker: closedPort,
    });
    for (let i = 0; i < BREAKER_CONSECUTIVE_FAILURES; i++) {
      expect(await failure(() => unreachable.invoke('readLanguages post /language', { body: {} }))).toMatchObject({ statusCode: 0 });
    }
    expect(closedPort.state()).toBe('open');
  });

  it('tells upstream failures from answers about the request', () => {
    const error = (status: number, upstream: number | null = null) => new StoreApiRequestError(status, [], 'op', upstream);
    expect([error(0), error(408), error(500), error(500, 503), error(500, 502), error(500, 200)].every(isUpstreamFailure)).toBe(true);
    expect([error(400), error(401), error(404), error(429), error(500, 404), error(500, 401)].some(isUpstreamFailure)).toBe(false);
    expect(isUpstreamFailure(new Error('not a Store API call'))).toBe(false);
  });
});

describe('the breaker in the gateway', () => {
  it('turns refused calls into the 503 page, and shows its state in /metrics', async () => {
    const config = readGatewayConfig({ NODE_ENV: 'test', STORE_API_URL: baseUrl, STORE_API_ACCESS_KEY: 'KEY' });
    const metrics = createGatewayMetrics();
    const gateway = createGateway({ config, target: storeApiTarget(config), logger: pino({ level: 'silent' }), metrics });
    const ask = async () => {
      const response = await gateway.fetch(
        new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ salutations { id } }' }) }),
      );
      return (await response.json()) as { data: null; errors: { message: string; path?: string[]; extensions: { code?: string; status?: number; upstreamStatus?: number } }[] };
    };
    mode = { kind: 'status', status: 503 };
    for (let i = 0; i < BREAKER_CONSECUTIVE_FAILURES; i++) await ask();
    const sent = received;
    const refused = await ask();
    expect(received).toBe(sent);
    expect(refused.errors[0]!.extensions).toMatchObject({ code: 'STORE_API_ERROR', status: 500, upstreamStatus: 503 });
    expect(pageStatusOf(refused)).toBe(503);
    const text = await (await metrics.respond()).text();
    expect(text).toContain(`store_api_circuit_state{upstream="${baseUrl}"} 2`);
  });

  it('maps the upstream status of a failed page query to the SPEC §8 page', () => {
    expect(errorStatusOf('STORE_API_ERROR', 500, 503)).toBe(503);
    expect(errorStatusOf('STORE_API_ERROR', 500, 502)).toBe(502);
    expect(errorStatusOf('STORE_API_ERROR', 500, 504)).toBe(502);
    expect(errorStatusOf('STORE_API_ERROR', 500)).toBe(500);
  });
});
