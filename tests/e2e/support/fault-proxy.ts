import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A controllable HTTP proxy on loopback in front of a real Store API, for the fault-injection spec: it passes
// requests on, or injects what a sick back end or network does — added latency, dropped connections, 503
// bursts, requests that are never answered.

export type Fault =
  | { kind: 'pass' }
  /** passed on after `latencyMs` */
  | { kind: 'latency'; latencyMs: number }
  /** the connection is dropped before the request reaches the Store API */
  | { kind: 'reset' }
  /** the Store API does the work, then the connection is dropped instead of its answer (a lost response) */
  | { kind: 'reset-after-answer'; latencyMs?: number }
  /** answered 503 by the proxy; after `times` such answers it passes again (a burst) */
  | { kind: 'unavailable'; times?: number }
  /** accepted and never answered */
  | { kind: 'hang' };

export interface FaultProxy {
  /** e.g. http://127.0.0.1:41234/store-api */
  storeApiUrl: string;
  /** The fault from now on, for requests whose path matches `only` (all by default); others pass. */
  set(fault: Fault, only?: RegExp): void;
  /** requests that reached the proxy (method and path) */
  readonly received: string[];
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFaultProxy(upstreamOrigin: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamOrigin);
  let fault: Fault = { kind: 'pass' };
  let only: RegExp | undefined;
  let faulted = 0;
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const pass = (request: IncomingMessage, response: ServerResponse, options: { dropAnswer?: boolean } = {}) => {
    const outgoing = forward(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        if (options.dropAnswer) {
          answer.resume();
          answer.on('end', () => response.socket?.destroy());
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.socket?.destroy());
    request.pipe(outgoing);
  };

  const server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    const applies = !only || only.test(new URL(request.url ?? '/', 'http://proxy').pathname);
    const current: Fault = applies ? fault : { kind: 'pass' };
    if (current.kind !== 'pass' && current.kind !== 'latency') faulted += 1;
    switch (current.kind) {
      case 'pass':
        return pass(request, response);
      case 'latency':
        return void wait(current.latencyMs).then(() => pass(request, response));
      case 'reset':
        request.socket.destroy();
        return;
      case 'reset-after-answer':
        return void wait(current.latencyMs ?? 0).then(() => pass(request, response, { dropAnswer: true }));
      case 'unavailable':
        if (current.times !== undefined && faulted >= current.times) fault = { kind: 'pass' };
        request.resume();
        response.writeHead(503, { 'content-type': 'text/html', 'retry-after': '10' }).end('<html><body><h1>503 Service Unavailable</h1></body></html>');
        return;
      case 'hang':
        request.resume();
        hanging.add(response);
        return;
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    storeApiUrl: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    set(next, pattern) {
      // Requests left hanging by the previous fault are let go (their client has long given up).
      for (const response of hanging) response.socket?.destroy();
      hanging.clear();
      fault = next;
      only = pattern;
      faulted = 0;
    },
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
