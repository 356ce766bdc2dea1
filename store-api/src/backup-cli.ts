import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readStoreApiConfig } from './config';

/**
 * An online, consistent copy of the shop database (SQLite's backup API through better-sqlite3): the shop keeps
 * serving and writing meanwhile (WAL: readers never block writers). All pages are copied in one step, so the
 * copy is the database as of one moment and a concurrent write cannot restart the copy over and over.
 */
export async function backupDatabase(sourceFile: string, targetFile: string): Promise<{ file: string; bytes: number }> {
  if (!existsSync(sourceFile)) throw new Error(`No shop database at ${sourceFile} (set DATA_DIR)`);
  const file = resolve(targetFile);
  if (existsSync(file)) throw new Error(`The backup target exists already: ${file}`);
  mkdirSync(dirname(file), { recursive: true });
  const source = new Database(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(file, { progress: () => 1_000_000_000 });
  } finally {
    source.close();
  }
  return { file, bytes: statSync(file).size };
}

/** <DATA_DIR>/backups/shop-<UTC timestamp>.sqlite */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return join(dataDir, 'backups', `shop-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`);
}

// `npm run backup [-- <target file>]`
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'backup-cli.ts')) {
  const config = readStoreApiConfig();
  const target = process.argv[2] ?? defaultBackupFile(config.dataDir);
  backupDatabase(config.databaseFile, target).then(
    ({ file, bytes }) => console.info(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${bytes} bytes)`),
    (error: Error) => {
      console.error(`Backup failed: ${error.message}`);
      process.exit(1);
    },
  );
}
