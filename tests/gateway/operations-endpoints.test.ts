import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { getIntrospectionQuery } from 'graphql';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewaySetupError } from '../../gateway/src/config';
import { mountGateway } from '../../gateway/src/mount';
import { openTestShop } from '../support/shop';

// Issue 17 item 10: what a public host shows an outsider. /metrics answers only with METRICS_TOKEN (or, without
// one, only a local shop's own machine); on a public host (PUBLIC_ORIGIN https) GraphiQL, introspection and
// "did you mean" suggestions are off unless GRAPHIQL=true. A newcomer's local `npm start` keeps both.

type Shop = Awaited<ReturnType<typeof openTestShop>>;
let shop: Shop;
beforeAll(async () => {
  shop = await openTestShop();
}, 60_000);
afterAll(() => shop?.close());

const PUBLIC = 'https://www.apotheke.example';
const LOCAL = 'http://localhost:3000';
const TOKEN = 'a3f1c0de'.repeat(8);

/** The gateway as `npm start` mounts it, with `env` as the server's environment (production unless given). */
function mounted(env: NodeJS.ProcessEnv): Hono {
  const app = new Hono();
  const origin = env.PUBLIC_ORIGIN ?? LOCAL;
  mountGateway(app, { env: { NODE_ENV: 'production', ...env }, embedded: shop, publicOrigin: origin, logger: pino({ level: 'silent' }) });
  return app;
}

const metrics = (app: Hono, headers: Record<string, string> = {}) => app.fetch(new Request(`${PUBLIC}/metrics`, { headers }));
const graphiqlPage = (app: Hono) => app.fetch(new Request(`${PUBLIC}/graphql`, { headers: { accept: 'text/html' } }));
async function gql(app: Hono, query: string) {
  const response = await app.fetch(new Request(`${PUBLIC}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }));
  return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
}

describe('/metrics', () => {
  it('is not served on a public host without METRICS_TOKEN', async () => {
    const response = await metrics(mounted({ PUBLIC_ORIGIN: PUBLIC }));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('graphql_operations_total');
  });

  it('answers only the bearer of METRICS_TOKEN when it is set', async () => {
    for (const env of [{ PUBLIC_ORIGIN: PUBLIC, METRICS_TOKEN: TOKEN }, { METRICS_TOKEN: TOKEN }]) {
      const app = mounted(env);
      const missing = await metrics(app);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await missing.text()).not.toContain('graphql_operations_total');
      expect((await metrics(app, { authorization: `Bearer ${TOKEN.slice(0, -1)}x` })).status).toBe(401);
      expect((await metrics(app, { authorization: `Basic ${TOKEN}` })).status).toBe(401);
      const allowed = await metrics(app, { authorization: `Bearer ${TOKEN}` });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('graphql_operations_total');
    }
  });

  it('stays open to its own machine on a local shop (npm start), but not through a proxy', async () => {
    const app = mounted({});
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      const { port } = server.address() as AddressInfo;
      const overLoopback = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(overLoopback.status).toBe(200);
      expect(await overLoopback.text()).toContain('graphql_operations_total');
      // a reverse proxy on the same machine forwards the world: then the token is needed
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses to start with a token that is too short to be secret', () => {
    expect(() => mounted({ METRICS_TOKEN: 'secret' })).toThrow(GatewaySetupError);
    expect(() => mounted({ METRICS_TOKEN: 'secret' })).toThrow(/at least 32 characters/);
  });
});

describe('GraphiQL, introspection and suggestions', () => {
  const introspection = getIntrospectionQuery();

  it('are off on a public host (PUBLIC_ORIGIN https) unless GRAPHIQL=true', async () => {
    const app = mounted({ PUBLIC_ORIGIN: PUBLIC });
    const page = await graphiqlPage(app);
    expect(page.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(await page.text()).not.toContain('renderYogaGraphiQL');
    expect((await gql(app, introspection)).errors?.[0]?.message).toMatch(/introspection has been disabled/);
    expect((await gql(app, '{ languagez { locale } }')).errors?.[0]?.message).toBe('Cannot query field "languagez" on type "Query".');

    const chosen = mounted({ PUBLIC_ORIGIN: PUBLIC, GRAPHIQL: 'true' });
    expect(await (await graphiqlPage(chosen)).text()).toContain('renderYogaGraphiQL');
    expect((await gql(chosen, introspection)).errors).toBeUndefined();
  });

  it('are on for a local shop: npm start on localhost, in production mode, with no GRAPHIQL set', async () => {
    const app = mounted({});
    expect(await (await graphiqlPage(app)).text()).toContain('renderYogaGraphiQL');
    expect((await gql(app, introspection)).errors).toBeUndefined();
    expect((await gql(app, '{ languagez { locale } }')).errors?.[0]?.message).toMatch(/Did you mean "languages"\?/);
    // switched off locally too when asked
    expect((await gql(mounted({ GRAPHIQL: 'false' }), introspection)).errors?.[0]?.message).toMatch(/introspection has been disabled/);
  });

  it('stop the start on a GRAPHIQL that is neither true nor false', () => {
    expect(() => mounted({ GRAPHIQL: 'yes' })).toThrow(/GRAPHIQL must be true or false/);
  });

  it('are not forced on by npm start or npm run dev: the default follows the host', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).not.toContain('GRAPHIQL');
    expect(scripts.dev).not.toContain('GRAPHIQL');
  });
});
