import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, request, type ClientRequest, type IncomingMessage } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installGracefulShutdown } from '../../server/shutdown';
import { openPrivateTestShop } from '../support/shop';

// Graceful shutdown of the real server (`tsx server/index.ts` as a child process): on SIGTERM a request in flight
// still completes with 200, new connections are refused, the process exits 0; a second signal exits at once.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let child: ChildProcess | undefined;
let output = '';
let origin = '';
let port = 0;

beforeAll(async () => {
  shop = await openPrivateTestShop();
}, 60_000);
afterAll(() => shop?.close());
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const found = (server.address() as AddressInfo).port;
      server.close(() => resolve(found));
    });
  });
}

async function startServer(): Promise<ChildProcess> {
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  output = '';
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: shop.config.dataDir, NODE_ENV: 'development', PUBLIC_ORIGIN: origin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let attempt = 0; attempt < 240; attempt++) {
    if (started.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start:\n${output}`);
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
    expect(output).toContain('shutdown: draining in-flight requests');
    expect(output).toContain('shutdown: done');
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
