import { readFileSync } from 'node:fs';
import { readStoreApiConfig } from './config';
import { openDatabase } from './db/connection';
import { importBankCredits, readCamt054, type CreditReport } from './domain/bank-credits';

// `npm run payments -- import FILE [--json]`: reads the bank's camt.054 credit notification and books each credit
// against its order by QR reference and amount (domain/bank-credits.ts) on the shop database in DATA_DIR. Importing
// the same file again changes nothing. Prints what became of each credit; what could not be matched is for a person.
const [command, file, ...rest] = process.argv.slice(2);
const json = rest.includes('--json');
if (command !== 'import' || !file || rest.some((arg) => arg !== '--json')) {
  console.error('Usage: npm run payments -- import FILE [--json]   (FILE: an ISO 20022 camt.054 credit notification)');
  process.exit(2);
}

const WHAT: Record<CreditReport['outcome'], string> = {
  paid: 'paid',
  partial: 'partly paid, still open',
  overpaid: 'paid, overpaid by',
  'unknown-reference': 'NOT MATCHED: no order has this reference',
  'not-open': 'NOT BOOKED: the order is cancelled or already paid',
  'wrong-currency': 'NOT BOOKED: not in CHF',
  duplicate: 'already imported',
};

function line(report: CreditReport): string {
  const { credit } = report;
  const amount = `${credit.currency} ${credit.amount.toFixed(2)}`;
  const difference = report.outcome === 'partial' || report.outcome === 'overpaid' ? ` CHF ${report.difference.toFixed(2)}` : '';
  return `${credit.bookedAt ?? '          '}  ${amount.padStart(14)}  ${(report.orderNumber ?? '-').padEnd(10)}  ${WHAT[report.outcome]}${difference}  (ref ${credit.reference ?? 'none'})`;
}

let credits;
try {
  credits = readCamt054(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const db = openDatabase(readStoreApiConfig().databaseFile);
try {
  const reports = importBankCredits(db, credits);
  if (json) console.info(JSON.stringify(reports, null, 2));
  else {
    for (const report of reports) console.info(line(report));
    const unmatched = reports.filter((report) => ['unknown-reference', 'not-open', 'wrong-currency'].includes(report.outcome)).length;
    console.info(`${reports.length} credit(s): ${reports.length - unmatched} booked or already imported, ${unmatched} for a person to look at.`);
  }
} finally {
  db.close();
}
