import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import pino from 'pino';
import { mountGateway } from '../gateway/src/mount';
import type { Gateway } from '../gateway/src/yoga';
import type { ResponseCacheOptions } from '../gateway/src/plugins/response-cache';
import type { EmbeddedStoreApi } from '../store-api/src/embedded';

// What the bench scripts share: the closed-loop load, its percentiles, and writing one section of RESULTS.md.

export interface Stats {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The p-th percentile of ascending samples (NaN when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * A closed loop: `workers` loops run `unit` back to back for `seconds`; each worker gets its own state from
 * `makeState` (a shopper with its own session, say) and counts its runs in `n`. The first error is logged.
 */
export async function closedLoop<S = undefined>(
  unit: (state: S, n: number) => Promise<void>,
  workers: number,
  seconds: number,
  makeState: () => S = () => undefined as S,
): Promise<Stats> {
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const state = makeState();
      for (let n = 0; performance.now() < deadline; n++) {
        const t = performance.now();
        try {
          await unit(state, n);
          samples.push(performance.now() - t);
        } catch (error) {
          if (errors === 0) console.info(`bench: first error: ${(error as Error).message}`);
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return { requestsPerSecond: samples.length / elapsed, p50: percentile(samples, 50), p99: percentile(samples, 99), errors };
}

/**
 * Replaces one bench's section of bench/RESULTS.md (from its `mark` to the next section's `<!-- ` mark) and
 * appends `section` (which starts with `mark`) at the end; the other benches' sections stay.
 */
export function writeResultsSection(mark: string, section: string): string {
  const file = new URL('./RESULTS.md', import.meta.url);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let kept = previous;
  const start = previous.indexOf(mark);
  if (start >= 0) {
    const next = previous.indexOf('<!-- ', start + mark.length);
    kept = `${previous.slice(0, start).trimEnd()}${next >= 0 ? `\n\n${previous.slice(next)}` : ''}`;
  }
  writeFileSync(file, `${kept.trimEnd()}\n\n${section}`);
  return file.pathname;
}

/**
 * The gateway and the embedded Store API behind one loopback HTTP server (/graphql and the Store API routes),
 * mounted as `npm start` mounts them (mountGateway: request limits, ready answers, /metrics); the gateway calls the
 * Store API in process through `backEnd`. With `responseCache` the gateway keeps anonymous catalogue answers
 * (ADR 0016) as `npm start` does; without it every request runs. Menus and SEO URLs are read every time
 * (SHARED_READS_TTL_SECONDS=0), so a query costs what its own calls cost.
 */
export async function startGatewayServer(
  shop: EmbeddedStoreApi,
  backEnd: { app: { fetch(request: Request): Response | Promise<Response> } } = shop,
  options: { responseCache?: ResponseCacheOptions } = {},
): Promise<{ gateway: Gateway; origin: string; close(): Promise<void> }> {
  const app = new Hono();
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = {
    NODE_ENV: 'production',
    GRAPHQL_CACHE_TTL_SECONDS: String(options.responseCache?.ttlSeconds ?? 0),
    SHARED_READS_TTL_SECONDS: '0',
  };
  // Routes are added before the first request reaches the server. Links and registrations are built on the shop's
  // configured origin (ADR 0022), which the Store API accepts as a storefrontUrl; the server's own address is not one.
  const { gateway } = mountGateway(app, { env, embedded: { app: backEnd.app, config: shop.config }, publicOrigin: shop.config.origins.primary, logger: pino({ level: 'warn' }) });
  app.route('/', shop.app);
  return { gateway, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A shopper's browser against a bench server's /graphql: keeps its own cookies (context token, language, guest mark). */
export class BenchShopper {
  private cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  /** The cookies as the browser sends them (for a page request of this shopper). */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(cookie: string): boolean {
    return this.cookies.has(cookie);
  }

  async gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${this.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.cookies.size ? { cookie: this.cookieHeader } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      // Max-Age=0 with an empty value: the server removed it
      if (value === '') this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), value);
    }
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (response.status !== 200 || body.errors?.length || !body.data) {
      throw new Error(`bench: ${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
    }
    return body.data;
  }
}
