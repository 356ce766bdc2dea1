import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { createConnection, createServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountGateway } from '../../gateway/src/mount';
import { createSharedState, type SharedState } from '../../server/sharedState';
import { ORIGIN, openPrivateTestShop } from '../support/shop';

// Issue 17 item 8: a Redis that hangs (SIGSTOP: the connection stays open, nothing answers). The first command
// waits for its 1 s timeout; after it, the instance asks Redis nothing for REDIS_COOL_OFF_SECONDS and keeps the
// response cache and the rate-limit counters in its own memory, so answers come at once. After SIGCONT and the
// cool-off, sharing resumes by itself: what instance A stores, instance B reads. Instance A talks to Redis through
// a loopback proxy that counts every byte A sends, so "Redis is not asked" is counted, not timed.

const REDIS_SERVER = '/usr/bin/redis-server';
const haveRedis = existsSync(REDIS_SERVER);
/** ioredis's commandTimeout in sharedState.ts */
const COMMAND_TIMEOUT_MS = 1000;
const COOL_OFF_SECONDS = 6;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A TCP proxy to Redis that counts the bytes its clients send. */
async function countingProxy(redisPort: number): Promise<{ port: number; sent: () => number; close(): Promise<void> }> {
  let sent = 0;
  const sockets = new Set<Socket>();
  const server: TcpServer = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: redisPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => (sent += chunk.length));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sent: () => sent,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Instance {
  port: number;
  shared: SharedState;
  storeCalls: number;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  milliseconds: number;
  cache: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

/** POST /graphql over HTTP from 127.0.0.1 (so the rate limits know an address). */
function gql(instance: Instance, query: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port: instance.port, path: '/graphql', method: 'POST', headers: { host: new URL(ORIGIN).host, 'content-type': 'application/json', accept: 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            milliseconds: performance.now() - started,
            cache: response.headers['x-graphql-cache'] as string | undefined,
            body: JSON.parse(text) as Answer['body'],
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify({ query }));
  });
}

async function startInstance(redisUrl: string): Promise<Instance> {
  const shop = await openPrivateTestShop();
  const logger = pino({ level: process.env.DEBUG_COOL_OFF ? 'debug' : 'silent' });
  const shared = createSharedState({ REDIS_URL: redisUrl, REDIS_COOL_OFF_SECONDS: String(COOL_OFF_SECONDS) }, logger);
  const app = new Hono();
  const instance: Instance = { port: 0, shared, storeCalls: 0, close: async () => {} };
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
    shared,
    rateLimits: { login: { max: 3, windowSeconds: 900 } },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  instance.port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => shared.onReady(resolve));
  await gql(instance, '{ __typename }');
  instance.close = async () => {
    await shared.close();
    await new Promise((resolve) => server.close(resolve));
    shop.close();
  };
  return instance;
}

const product = (number: string) => `{ product(productNumber: "${number}") { name productNumber } }`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!haveRedis)('a hung Redis (SIGSTOP): a cool-off in local memory, then sharing again', () => {
  let redis: ChildProcess;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      redis.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
    proxy = await countingProxy(port);
    [a, b] = await Promise.all([startInstance(`redis://127.0.0.1:${proxy.port}`), startInstance(`redis://127.0.0.1:${port}`)]);
  }, 60_000);

  afterAll(async () => {
    if (redis?.pid && redis.exitCode === null) process.kill(redis.pid, 'SIGCONT');
    await Promise.all([a?.close(), b?.close()]);
    await proxy?.close();
    if (redis?.pid && redis.exitCode === null) process.kill(redis.pid);
  });

  it('answers within the command timeout and asks Redis nothing during the cool-off, then shares again', async () => {
    // shared while Redis answers: A's answer is B's hit
    expect((await gql(a, product('P100014'))).body.errors).toBeUndefined();
    expect((await gql(b, product('P100014'))).cache).toBe('hit');

    process.kill(redis.pid!, 'SIGSTOP');
    // the first request pays the timeout once (and is answered all the same); the cool-off starts with it
    const first = await gql(a, product('P100015'));
    const coolOffFrom = Date.now();
    expect(first.body.data.product.productNumber).toBe('P100015');
    const sentAfterTimeout = proxy.sent();

    const answers: Answer[] = [];
    for (const number of ['P100016', 'P100017', 'P100018', 'P100015', 'P100016']) answers.push(await gql(a, product(number)));
    // logins counted in this instance's memory meanwhile: the fourth is refused (it was let through before)
    const login = `mutation { login(input: { email: "cool-off@example.ch", password: "wrong-password" }) { errors { code } } }`;
    for (let i = 0; i < 3; i += 1) answers.push(await gql(a, login));
    const refused = await gql(a, login);
    expect(Date.now() - coolOffFrom).toBeLessThan(COOL_OFF_SECONDS * 1000); // still inside the cool-off

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.milliseconds).toBeLessThan(COMMAND_TIMEOUT_MS);
    }
    expect(answers.slice(0, 3).map((answer) => answer.body.data.product.productNumber)).toEqual(['P100016', 'P100017', 'P100018']);
    // answers made during the cool-off are kept in A's memory: asked again, they are hits
    expect(answers[3]!.cache).toBe('hit');
    expect(answers[4]!.cache).toBe('hit');
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // not one byte went to Redis during the cool-off
    expect(proxy.sent()).toBe(sentAfterTimeout);

    process.kill(redis.pid!, 'SIGCONT');
    await wait(Math.max(0, coolOffFrom + COOL_OFF_SECONDS * 1000 + 500 - Date.now()));
    // the first command after the cool-off is the trial: it answers, and A's next answer is shared again
    const afterwards = await gql(a, product('P100019'));
    expect(afterwards.body.data.product.productNumber).toBe('P100019');
    expect(proxy.sent()).toBeGreaterThan(sentAfterTimeout);
    const storeCallsOfB = b.storeCalls;
    const fromB = await gql(b, product('P100019'));
    expect(fromB.cache).toBe('hit');
    expect(fromB.body).toEqual(afterwards.body);
    expect(b.storeCalls).toBe(storeCallsOfB);
  }, 30_000);
});

describe('REDIS_COOL_OFF_SECONDS', () => {
  it('stops the start when it is 0 or not a whole number', () => {
    const logger = pino({ level: 'silent' });
    expect(() => createSharedState({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_COOL_OFF_SECONDS: '0' }, logger)).toThrow(/REDIS_COOL_OFF_SECONDS must be at least 1/);
    expect(() => createSharedState({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_COOL_OFF_SECONDS: 'soon' }, logger)).toThrow(/REDIS_COOL_OFF_SECONDS must be a whole number/);
  });
});
