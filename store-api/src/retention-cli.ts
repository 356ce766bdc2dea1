import { readStoreApiConfig } from './config';
import { openDatabase } from './db/connection';
import { formatRetentionReport, runRetention } from './domain/retention';

// `npm run retention [-- --apply] [-- --json]`: the retention rules of SPEC §9 on the shop database in DATA_DIR.
// Dry run by default (prints what would be deleted per rule); --apply deletes in one transaction.
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--apply' && arg !== '--json');
if (unknown.length > 0) {
  console.error(`Unknown argument(s): ${unknown.join(' ')}\nUsage: npm run retention [-- --apply] [--json]`);
  process.exit(2);
}
const config = readStoreApiConfig();
const db = openDatabase(config.databaseFile);
try {
  const report = runRetention(db, { apply: args.includes('--apply') });
  console.info(args.includes('--json') ? JSON.stringify(report, null, 2) : formatRetentionReport(report));
} finally {
  db.close();
}
