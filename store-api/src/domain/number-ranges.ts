import type { Db } from '../db/connection';

// Shopware's number ranges: order, customer and invoice numbers count up without gaps inside the writing
// transaction (SQLite serialises writers, so two orders never draw the same number).

/** Where each range starts (the first number handed out). */
const FIRST_NUMBER: Record<NumberRange, number> = {
  customer: 10000,
  order: 10000,
  invoice: 1000,
};

export type NumberRange = 'customer' | 'order' | 'invoice';

/** The next number of a range; call it inside the transaction that stores the numbered row. */
export function nextNumber(db: Db, range: NumberRange): string {
  const row = db
    .prepare(
      `INSERT INTO number_range (name, last_value) VALUES (?, ?)
       ON CONFLICT(name) DO UPDATE SET last_value = last_value + 1
       RETURNING last_value`,
    )
    .get(range, FIRST_NUMBER[range]) as { last_value: number };
  return String(row.last_value);
}
