import { readStoreApiConfig } from '../../../store-api/src/config';
import { startProductionShop } from '../../support/productionShop';

// A second shop process (the release `npm start` serves, ADR 0026) beside the main e2e server, for what needs other
// settings: an unreachable or faulty Store API, online map tiles. It serves the folder the main server seeded.

export interface SecondShop {
  origin: string;
  /** everything the process wrote to stdout and stderr so far */
  output(): string;
  exited(): boolean;
  stop(): void;
}

/** Starts the process with these variables on top of the main server's, and waits until it answers /health. */
export async function startSecondShop(env: NodeJS.ProcessEnv, options: { preload?: string } = {}): Promise<SecondShop> {
  const shop = await startProductionShop({
    // The main e2e server seeded this folder already; this process only serves pages from it.
    dataDir: process.env.E2E_DATA_DIR!,
    env: {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: undefined,
      // The embedded Store API writes its access key into the shared database on start: keep the main one's.
      STORE_API_ACCESS_KEY: readStoreApiConfig({ DATA_DIR: process.env.E2E_DATA_DIR }).accessKey,
      ...env,
    },
    // A preload written in TypeScript needs tsx's loader; the server itself is the compiled release.
    nodeArgs: options.preload ? ['--import', 'tsx', '--import', options.preload] : [],
    waitFor: '/health',
  });
  return { origin: shop.origin, output: shop.output, exited: () => shop.process.exitCode !== null, stop: () => void shop.process.kill() };
}
