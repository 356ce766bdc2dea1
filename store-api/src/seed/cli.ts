import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readStoreApiConfig } from '../config';
import { openDatabase } from '../db/connection';
import { ensureSeeded, seedShop } from './index';

// `npm run seed -- [--reset] [--products N]`: without --reset it seeds only an empty database.

function parseArgs(argv: string[]): { reset: boolean; products: number | undefined } {
  let reset = false;
  let products: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--reset') reset = true;
    else if (arg === '--products' || arg.startsWith('--products=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      products = Number(value);
      if (!Number.isInteger(products) || products < 1) throw new Error(`--products needs a positive whole number, got ${value}`);
    } else throw new Error(`unknown option ${arg} (use --reset and --products N)`);
  }
  return { reset, products };
}

const { reset, products } = parseArgs(process.argv.slice(2));
const config = readStoreApiConfig();
const log = (line: string) => console.info(line);

if (reset) {
  for (const file of [config.databaseFile, `${config.databaseFile}-wal`, `${config.databaseFile}-shm`]) rmSync(file, { force: true });
  for (const folder of ['media', 'thumbnail']) rmSync(join(config.mediaDir, folder), { recursive: true, force: true });
  log(`seed: removed the database and media under ${config.dataDir}`);
}

const db = openDatabase(config.databaseFile);
try {
  const seeded = (db.prepare('SELECT COUNT(*) FROM sales_channel').pluck().get() as number) > 0;
  if (!seeded) seedShop(db, config, { products, log });
  else {
    await ensureSeeded(db, config, log);
    log(`seed: ${config.databaseFile} already holds a catalogue (use --reset to rebuild it)`);
  }
} finally {
  db.close();
}
