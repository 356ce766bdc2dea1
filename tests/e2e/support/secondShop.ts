import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readStoreApiConfig } from '../../../store-api/src/config';

// A second shop process (`server/index.ts`, the production build) beside the main e2e server, for what needs other
// settings: an unreachable or faulty Store API, online map tiles. It serves the folder the main server seeded.

export interface SecondShop {
  origin: string;
  /** everything the process wrote to stdout and stderr so far */
  output(): string;
  exited(): boolean;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the process with these variables on top of the main server's, and waits until it answers /health. */
export async function startSecondShop(env: NodeJS.ProcessEnv, options: { preload?: string } = {}): Promise<SecondShop> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...(options.preload ? ['--import', options.preload] : []), 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      // The main e2e server seeded this folder already; this process only serves pages from it.
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'production',
      // The embedded Store API writes its access key into the shared database on start: keep the main one's.
      STORE_API_ACCESS_KEY: readStoreApiConfig({ DATA_DIR: process.env.E2E_DATA_DIR }).accessKey,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const shop: SecondShop = { origin, output: () => output, exited: () => child.exitCode !== null, stop: () => child.kill() };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`the second shop process stopped:\n${output}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return shop;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`the second shop process did not start:\n${output}`);
}
