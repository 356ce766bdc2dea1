import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** SPEC §9: request timeout 10000 ms, so no in-flight request needs longer than that to finish. */
export const DRAIN_TIMEOUT_MS = 10_000;

export interface GracefulShutdown {
  /** true from the first SIGTERM/SIGINT on (GET /readyz answers 503 from then on) */
  shuttingDown(): boolean;
  /** starts the shutdown as a signal would (tests, or callers with their own trigger) */
  shutdown(signal: string): void;
}

/**
 * Graceful shutdown of the HTTP server: on SIGTERM or SIGINT it stops accepting connections, marks itself not
 * ready, lets in-flight requests finish (answered with `Connection: close`, so keep-alive clients reconnect
 * elsewhere), closes any connection left after `drainTimeoutMs`, then runs `close` (database, mail sender),
 * flushes the logger and exits 0. A second signal exits at once (code 1).
 */
export function installGracefulShutdown(options: {
  server: Server;
  logger: Logger;
  close: () => void | Promise<void>;
  drainTimeoutMs?: number;
  exit?: (code: number) => void;
  /** the signals that start the shutdown; default SIGTERM and SIGINT */
  signals?: NodeJS.Signals[];
}): GracefulShutdown {
  const { server, logger } = options;
  const drainTimeoutMs = options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const inFlight = new Set<ServerResponse>();
  let stopping = false;

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (stopping && !response.headersSent) response.setHeader('connection', 'close');
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  const finish = async (drained: boolean): Promise<void> => {
    try {
      await options.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown: closing failed');
    }
    logger.info({ drained }, 'shutdown: done');
    logger.flush(() => exit(0));
  };

  const shutdown = (signal: string): void => {
    if (stopping) {
      logger.warn({ signal }, 'shutdown: second signal, exiting now');
      logger.flush(() => exit(1));
      return;
    }
    stopping = true;
    logger.info({ signal, inFlight: inFlight.size, drainTimeoutMs }, 'shutdown: draining in-flight requests');
    for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      logger.warn({ inFlight: inFlight.size }, 'shutdown: drain timeout, closing the remaining connections');
      server.closeAllConnections();
      void finish(false);
    }, drainTimeoutMs);
    // Stops listening at once (new connections are refused) and closes idle keep-alive connections.
    server.close(() => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void finish(true);
    });
    server.closeIdleConnections();
  };

  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, () => shutdown(signal));
  return { shuttingDown: () => stopping, shutdown };
}

/** Closes the embedded Store API (mail sender first, then its database) and waits until the database is closed. */
export async function closeEmbedded(embedded: { close(): void; db: { open: boolean } }, waitMs = 5000): Promise<void> {
  embedded.close();
  const deadline = Date.now() + waitMs;
  while (embedded.db.open && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
