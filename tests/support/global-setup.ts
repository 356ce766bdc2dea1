import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreApiConfig } from '../../store-api/src/config';
import { openDatabase } from '../../store-api/src/db/connection';
import { ensureSeeded } from '../../store-api/src/seed';

// Seeds one shop database for the whole vitest run; test files open it through tests/support/shop.ts.
// Tests that need a database of their own (seed, migrations) make one in their own temp folder.
export default async function setup(): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config = readStoreApiConfig({ DATA_DIR: dataDir });
  const db = openDatabase(config.databaseFile);
  await ensureSeeded(db, config, () => {});
  db.close();
  process.env.TEST_DATA_DIR = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
