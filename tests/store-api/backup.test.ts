import Database from 'better-sqlite3';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, defaultBackupFile } from '../../store-api/src/backup-cli';
import { openPrivateTestShop } from '../support/shop';

// `npm run backup`: an online copy of the shop database (SQLite backup API) that opens and holds the same rows,
// also while another process keeps writing to the database.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let out: string;

function tableCounts(db: Database.Database): Record<string, number> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number]));
}

beforeAll(async () => {
  shop = await openPrivateTestShop();
  out = mkdtempSync(join(tmpdir(), 'shop-backup-'));
});
afterAll(() => {
  shop?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('backup', () => {
  it('copies the database: the copy opens, passes the integrity check and has the same row counts', async () => {
    const target = join(out, 'quiet.sqlite');
    const { file, bytes } = await backupDatabase(shop.config.databaseFile, target);
    expect(file).toBe(target);
    expect(bytes).toBeGreaterThan(100_000);
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const counts = tableCounts(copy);
      expect(counts.product).toBeGreaterThan(0);
      expect(counts).toEqual(tableCounts(shop.db));
    } finally {
      copy.close();
    }
    await expect(backupDatabase(shop.config.databaseFile, target)).rejects.toThrow(/exists already/);
  });

  it('names the default target after the time in DATA_DIR/backups', () => {
    expect(defaultBackupFile('/srv/shop', new Date('2026-11-22T09:15:30.123Z'))).toBe('/srv/shop/backups/shop-2026-11-22T09-15-30-123Z.sqlite');
  });

  it('npm run backup gives a consistent copy while another process writes', async () => {
    // The writer stands in for the running shop: pairs of mail rows, each pair in one transaction.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const Database = require('better-sqlite3');
         const db = new Database(process.argv[1]); db.pragma('busy_timeout = 5000');
         const insert = db.prepare("INSERT INTO mail_outbox (id, template, recipient, language_id, subject, body_text, body_html, created_at) VALUES (?, 'backup-test', 'x@example.ch', 'de', 's', ?, 'b', '2026-01-01')");
         const pair = db.transaction((n) => { insert.run('w' + n + 'a', 'x'.repeat(2000)); insert.run('w' + n + 'b', 'x'.repeat(2000)); });
         let n = 0; const end = Date.now() + 4000;
         while (Date.now() < end) pair(n++);
         console.log(n);`,
        shop.config.databaseFile,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let written = '';
    writer.stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const finished = new Promise<number | null>((resolve) => writer.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 800));

    const target = join(out, 'busy', 'shop.sqlite');
    const { stdout } = await promisify(execFile)(join('node_modules', '.bin', 'tsx'), ['store-api/src/backup-cli.ts', target], {
      env: { ...process.env, DATA_DIR: shop.config.dataDir },
    });
    expect(stdout).toContain(`Backup written: ${target}`);
    expect(stdout).toMatch(/MB, \d+ bytes\)/);
    expect(await finished).toBe(0);
    expect(Number(written)).toBeGreaterThan(0);

    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = copy.prepare("SELECT COUNT(*) FROM mail_outbox WHERE template = 'backup-test'").pluck().get() as number;
      // one moment of the database: whole transactions only, some written before, not all (the writer went on)
      expect(rows % 2).toBe(0);
      expect(rows).toBeGreaterThan(0);
      expect(rows).toBeLessThan(Number(written) * 2);
      const { mail_outbox: copiedMail, ...copied } = tableCounts(copy);
      const { mail_outbox: liveMail, ...live } = tableCounts(shop.db);
      expect(copiedMail).toBeLessThan(liveMail!);
      expect(copied).toEqual(live);
    } finally {
      copy.close();
    }
    expect(existsSync(target)).toBe(true);
  });
});
