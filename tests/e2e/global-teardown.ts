import { rmSync } from 'node:fs';

/** Removes the e2e server's temporary data folder (chosen in playwright.config.ts). */
export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && dataDir.includes('shop-e2e-')) rmSync(dataDir, { recursive: true, force: true });
}
