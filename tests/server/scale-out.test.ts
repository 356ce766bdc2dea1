import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountGateway } from '../../gateway/src/mount';
import { usePersistedOperations } from '../../server/persistedOperations';
import { createSharedState, type SharedState } from '../../server/sharedState';
import { gatewayRequestBody } from '../../storefront/relay/gatewayFetch';
import { ORIGIN, openPrivateTestShop } from '../support/shop';

// Issue 8 item 4: with REDIS_URL, two instances of the shop share the GraphQL response cache, the rate-limit
// counters and the persisted operations through a real Redis (Debian's redis-server, started here on
// loopback), and nothing else: each instance has its own Store API (its own copy of the shop's database),
// its own gateway and HTTP server, as N stateless instances behind a load balancer would.

const REDIS_SERVER = '/usr/bin/redis-server';
const haveRedis = existsSync(REDIS_SERVER);
if (!haveRedis) console.warn(`scale-out tests skipped: ${REDIS_SERVER} is not installed (apt-get install redis-server; .ci/run installs it)`);

/** The host shoppers use; a load balancer hands it to whichever instance it picks. */
const PUBLIC_HOST = new URL(ORIGIN).host;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Instance {
  name: string;
  port: number;
  shared: SharedState;
  /** Store API calls of this instance's gateway */
  storeCalls: number;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string; retryAfter?: number } }> };
}

/** POST /graphql over HTTP from 127.0.0.1 with the public Host header, as the load balancer forwards it. */
function post(instance: Instance, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port: instance.port, path: '/graphql', method: 'POST', headers: { host: PUBLIC_HOST, 'content-type': 'application/json', accept: 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as Answer['body'] }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}
const gql = (instance: Instance, query: string, variables: Record<string, unknown> = {}) => post(instance, JSON.stringify({ query, variables }));

/** One instance of the shop: its own Store API copy, gateway and HTTP server; only REDIS_URL in common. */
async function startInstance(name: string, redisUrl: string, persistedFile: string): Promise<Instance> {
  const shop = await openPrivateTestShop();
  const logger = pino({ level: 'silent' });
  const shared = createSharedState({ REDIS_URL: redisUrl }, logger);
  const app = new Hono();
  const instance: Instance = { name, port: 0, shared, storeCalls: 0, close: async () => {} };
  const counting = {
    fetch(request: Request) {
      instance.storeCalls += 1;
      return shop.app.fetch(request);
    },
  };
  mountGateway(app, {
    env: { NODE_ENV: 'test', GRAPHQL_CACHE_TTL_SECONDS: '60' },
    embedded: { app: counting, config: shop.config },
    publicOrigin: ORIGIN,
    logger,
    plugins: [usePersistedOperations(persistedFile, { shared, logger })],
    shared,
    rateLimits: { login: { max: 4, windowSeconds: 900 } },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  instance.port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => shared.onReady(resolve));
  // A running instance has read the shop's language list once; the counts below start after that.
  await gql(instance, '{ __typename }');
  instance.storeCalls = 0;
  instance.close = async () => {
    await shared.close();
    await new Promise((resolve) => server.close(resolve));
    shop.close();
  };
  return instance;
}

/** Two builds' allow-lists: each instance knows one operation the other's build does not have. */
const OPERATION_A = { id: 'a1'.repeat(32), text: 'query BuildALanguages { languages { locale } }' };
const OPERATION_B = { id: 'b2'.repeat(32), text: 'query BuildBCountries { countries { iso } }' };

describe.skipIf(!haveRedis)('scale-out through Redis: two instances share the cache, the limits and the persisted operations', () => {
  let redis: ChildProcess;
  let redisUrl: string;
  let client: Redis;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const port = await freePort();
    redisUrl = `redis://127.0.0.1:${port}`;
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      redis.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
    client = new Redis(redisUrl);
    client.on('error', () => {}); // the last test stops Redis on purpose
    const folder = mkdtempSync(join(tmpdir(), 'scale-out-'));
    const fileA = join(folder, 'build-a.json');
    const fileB = join(folder, 'build-b.json');
    writeFileSync(fileA, JSON.stringify({ [OPERATION_A.id]: OPERATION_A.text }));
    writeFileSync(fileB, JSON.stringify({ [OPERATION_B.id]: OPERATION_B.text }));
    [a, b] = await Promise.all([startInstance('A', redisUrl, fileA), startInstance('B', redisUrl, fileB)]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    client?.disconnect();
    if (redis?.pid && redis.exitCode === null) process.kill(redis.pid);
  });

  it('(a) an anonymous catalogue query answered by A is a cache hit on B: B makes no Store API call', async () => {
    const query = '{ product(productNumber: "P100014") { name productNumber price { unitPrice } } }';
    const first = await gql(a, query);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.product.productNumber).toBe('P100014');
    expect(a.storeCalls).toBeGreaterThan(0);
    expect(await client.keys('shop:response:*')).not.toEqual([]);

    const fromB = await gql(b, query);
    expect(fromB.body).toEqual(first.body);
    expect(fromB.headers['x-graphql-cache']).toBe('hit');
    expect(b.storeCalls).toBe(0);
  });

  it('(b) logins spread over A and B count into one limit: the fifth, on B, is refused with RATE_LIMITED', async () => {
    const login = `mutation { login(input: { email: "scale-out@example.ch", password: "wrong-password" }) { errors { code } } }`;
    const storeCallsBefore = b.storeCalls;
    for (const instance of [a, b, a, b]) {
      const answer = await gql(instance, login);
      expect(answer.body.data.login.errors[0].code).toBe('LOGIN_FAILED');
    }
    const refused = await gql(b, login);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    expect(refused.body.errors?.[0]?.message).toMatch(/^Zu viele Anfragen/);
    // refused before running: B called its Store API for its own two attempts only
    expect(b.storeCalls - storeCallsBefore).toBe(2);
    // and A, which counted only two of them itself, refuses too
    expect((await gql(a, login)).body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('(c) a persisted operation known only to A’s build is accepted by B (a rolling deploy)', async () => {
    const onB = await post(b, gatewayRequestBody({ id: OPERATION_A.id, variables: {} }));
    expect(onB.body.errors).toBeUndefined();
    expect(onB.body.data.languages.map((language: { locale: string }) => language.locale)).toEqual(['DE', 'IT', 'FR']);
    const onA = await post(a, gatewayRequestBody({ id: OPERATION_B.id, variables: {} }));
    expect(onA.body.errors).toBeUndefined();
    expect(onA.body.data.countries.length).toBeGreaterThan(0);
    // an id no build has stays refused
    const unknown = await post(b, gatewayRequestBody({ id: 'c3'.repeat(32), variables: {} }));
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('a failed Redis takes no page down: answers come from the Store API, the limits let requests through', async () => {
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    process.kill(redis.pid!);
    await exited;
    const query = '{ product(productNumber: "P100015") { name productNumber } }';
    const answer = await gql(b, query);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.product.productNumber).toBe('P100015');
    // the login limit was reached above; without its counter the gateway fails open (and logs it)
    const login = await gql(b, `mutation { login(input: { email: "scale-out-2@example.ch", password: "wrong-password" }) { errors { code } } }`);
    expect(login.body.data.login.errors[0].code).toBe('LOGIN_FAILED');
  });
});
