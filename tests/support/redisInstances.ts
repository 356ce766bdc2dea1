import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { freePort } from './freePort';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { mountGateway } from '../../gateway/src/mount';
import type { RateLimitOverrides } from '../../gateway/src/plugins/rate-limits';
import type { GatewayOptions } from '../../gateway/src/yoga';
import { createSharedState, type SharedState } from '../../server/sharedState';
import { ORIGIN, openPrivateTestShop } from './shop';

// Several instances of the shop sharing one real Redis (Debian's redis-server on loopback), for the scale-out and
// the Redis cool-off tests: each instance has its own Store API (a private copy of the shop's database), gateway
// and HTTP server, as N stateless instances behind a load balancer would.

export const REDIS_SERVER = '/usr/bin/redis-server';
export const haveRedis = existsSync(REDIS_SERVER);

/** A redis-server of the test's own on a free loopback port, without persistence; resolves once it accepts connections. */
export async function startRedis(): Promise<{ process: ChildProcess; port: number; url: string }> {
  const port = await freePort();
  const redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    redis.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return { process: redis, port, url: `redis://127.0.0.1:${port}` };
}

export interface Instance {
  port: number;
  shared: SharedState;
  /** Store API calls of this instance's gateway (counted from after its first warm-up request) */
  storeCalls: number;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** from sending to the last byte of the answer */
  milliseconds: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string; retryAfter?: number } }> };
}

/** POST /graphql over HTTP from 127.0.0.1 (so the rate limits know an address) with the shop's public Host, as a load balancer forwards it. */
export function postGraphql(instance: Instance, body: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port: instance.port, path: '/graphql', method: 'POST', headers: { host: new URL(ORIGIN).host, 'content-type': 'application/json', accept: 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, milliseconds: performance.now() - started, body: JSON.parse(text) as Answer['body'] }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

export const gql = (instance: Instance, query: string, variables: Record<string, unknown> = {}) => postGraphql(instance, JSON.stringify({ query, variables }));

/** One instance of the shop with only `redisUrl` in common with the others; ready once Redis answered it. */
export async function startInstance(options: {
  redisUrl: string;
  logger: Logger;
  /** more settings of createSharedState (REDIS_COOL_OFF_SECONDS …) */
  sharedEnv?: NodeJS.ProcessEnv;
  plugins?: (shared: SharedState) => GatewayOptions['plugins'];
  rateLimits?: RateLimitOverrides;
}): Promise<Instance> {
  const shop = await openPrivateTestShop();
  const shared = createSharedState({ REDIS_URL: options.redisUrl, ...options.sharedEnv }, options.logger);
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
    logger: options.logger,
    plugins: options.plugins?.(shared) ?? [],
    shared,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  instance.port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => shared.onReady(resolve));
  // A running instance has read the shop's language list once; the counts start after that.
  await gql(instance, '{ __typename }');
  instance.storeCalls = 0;
  instance.close = async () => {
    await shared.close();
    await new Promise((resolve) => server.close(resolve));
    shop.close();
  };
  return instance;
}
