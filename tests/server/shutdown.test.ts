import type { ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installGracefulShutdown } from '../../server/shutdown';
import { ensureRelease, startProductionShop } from '../support/productionShop';
import { openPrivateTestShop } from '../support/shop';

// Graceful shutdown of the real server (the compiled release under node, as in production) as a child process: on
// SIGTERM a request in flight still completes with 200, new connections are refused, the process exits 0; a second
// signal exits at once.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let child: ChildProcess | undefined;
let output: () => string;
let origin = '';

beforeAll(async () => {
  ensureRelease();
  shop = await openPrivateTestShop();
}, 300_000);
afterAll(() => shop?.close());
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
});

async function startServer(): Promise<ChildProcess> {
  const started = await startProductionShop({ dataDir: shop.config.dataDir, env: { NODE_ENV: 'development' }, waitFor: '/health' });
  origin = started.origin;
  output = started.output;
  return started.process;
}

const exitOf = (proc: ChildProcess) => new Promise<number | null>((resolve) => (proc.exitCode !== null ? resolve(proc.exitCode) : proc.once('exit', (code) => resolve(code))));

/** A GraphQL POST whose body arrives in two parts: the request is in flight until `finish()` sends the rest. */
function slowRequest(): { finish: () => void; response: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> } {
  const body = JSON.stringify({ query: '{ __typename }' });
  let req: ClientRequest;
  const response = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    req = request(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 5));
  });
  return { finish: () => req.end(body.slice(5)), response };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new connections and exits 0', async () => {
    child = await startServer();
    expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    const slow = slowRequest();
    await wait(300); // the server has the request's head
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await wait(500);
    // no longer listening: a new connection is refused
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    expect(child.exitCode).toBeNull(); // still draining
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { __typename: 'Query' } });
    expect(answer.headers.connection).toBe('close');
    expect(await exited).toBe(0);
    expect(output()).toContain('shutdown: draining in-flight requests');
    expect(output()).toContain('shutdown: done');
  }, 120_000);

  it('a second signal exits at once without waiting for the request', async () => {
    child = await startServer();
    const slow = slowRequest();
    slow.response.catch(() => {}); // the connection dies with the process
    await wait(300);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await wait(200);
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(2000);
  }, 120_000);
});

describe('drain timeout', () => {
  it('closes a request that outlives the drain timeout, then closes and exits 0', async () => {
    const server = createHttpServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const serverOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let closed = false;
    const exits: number[] = [];
    const lifecycle = installGracefulShutdown({
      server,
      logger: pino({ level: 'silent' }),
      close: () => {
        closed = true;
      },
      drainTimeoutMs: 300,
      exit: (code) => exits.push(code),
      signals: [],
    });
    const hanging = fetch(`${serverOrigin}/slow`).then(
      () => 'answered',
      () => 'connection closed',
    );
    await wait(100);
    const started = Date.now();
    lifecycle.shutdown('SIGTERM');
    expect(lifecycle.shuttingDown()).toBe(true);
    expect(await hanging).toBe('connection closed');
    while (exits.length === 0 && Date.now() - started < 3000) await wait(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(exits).toEqual([0]);
    expect(closed).toBe(true);
  });
});
