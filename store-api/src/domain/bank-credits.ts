import { XMLParser } from 'fast-xml-parser';
import { isQRReferenceValid } from 'swissqrbill/utils';
import type { Db } from '../db/connection';
import { prepared } from '../entities/system';
import { randomId } from '../ids';
import { findOrder, latestTransaction, type OrderRow } from './order';
import { queuePaymentReceivedMail } from './mail';
import { transition } from './order-states';
import { roundPrice } from './pricing';
import { creditedSoFar, qrReferenceOf } from './payment-slip';

// The way back of the QR-bill (issue 19): the bank's ISO 20022 camt.054 credit notification lists what came into
// the shop's account. Each credit is matched to an order by its QR reference and its amount, at most once (the
// bank's own reference of the entry is stored): the whole open amount → paid, less → partially paid (the QR-bill
// then asks for the rest), more → paid and reported as overpaid for a refund. What cannot be matched is reported.

export interface BankCredit {
  /** the bank's unique reference of the entry (AcctSvcrRef), else one made from the entry's facts */
  bankReference: string;
  /** the QR reference the payer quoted, digits only; null when none */
  reference: string | null;
  amount: number;
  currency: string;
  /** booking date (YYYY-MM-DD) */
  bookedAt: string | null;
}

export type CreditOutcome = 'paid' | 'partial' | 'overpaid' | 'unknown-reference' | 'not-open' | 'wrong-currency' | 'duplicate';

export interface CreditReport {
  credit: BankCredit;
  outcome: CreditOutcome;
  orderNumber: string | null;
  /** CHF still open after this credit (partial), or paid too much (overpaid) */
  difference: number;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, isArray: (name) => ['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls'].includes(name) });

type Node = Record<string, unknown>;
const child = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Node)[key] : undefined), node);
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value ? [value as Node] : []);
const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : value && typeof value === 'object' && typeof (value as Node)['#text'] === 'string' ? ((value as Node)['#text'] as string).trim() : null);

/** The credits of a camt.054 file (each transaction of each credit entry); throws when it is not one. */
export function readCamt054(xml: string): BankCredit[] {
  const document = parser.parse(xml) as Node;
  const notification = child(document, 'Document', 'BkToCstmrDbtCdtNtfctn');
  if (!notification) throw new Error('not a camt.054 credit notification (Document/BkToCstmrDbtCdtNtfctn missing)');
  const credits: BankCredit[] = [];
  for (const ntfctn of list(child(notification, 'Ntfctn'))) {
    for (const entry of list(child(ntfctn, 'Ntry'))) {
      if (text(child(entry, 'CdtDbtInd')) !== 'CRDT') continue;
      const bookedAt = text(child(entry, 'BookgDt', 'Dt')) ?? text(child(entry, 'BookgDt', 'DtTm'))?.slice(0, 10) ?? null;
      const entryReference = text(child(entry, 'AcctSvcrRef'));
      const transactions = list(child(entry, 'NtryDtls')).flatMap((details) => list(child(details, 'TxDtls')));
      transactions.forEach((transaction, index) => {
        const amountNode = child(transaction, 'Amt') ?? child(entry, 'Amt');
        const amount = Number(text(amountNode));
        const currency = (amountNode && typeof amountNode === 'object' ? ((amountNode as Node)['@Ccy'] as string | undefined) : undefined) ?? 'CHF';
        const reference = text(child(transaction, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref'))?.replace(/\s+/g, '') ?? null;
        const ownReference = text(child(transaction, 'Refs', 'AcctSvcrRef'));
        const bankReference = ownReference ?? (entryReference ? `${entryReference}#${index + 1}` : `${bookedAt ?? ''}:${reference ?? ''}:${amount}:${index + 1}`);
        if (Number.isFinite(amount) && amount > 0) credits.push({ bankReference, reference, amount, currency, bookedAt });
      });
    }
  }
  return credits;
}

/** The order a QR reference names (its order number's digits), or undefined. */
function orderOfReference(db: Db, reference: string | null): OrderRow | undefined {
  if (!reference || !/^\d{27}$/.test(reference) || !isQRReferenceValid(reference)) return undefined;
  const orderNumber = reference.slice(0, 26).replace(/^0+/, '');
  const order = prepared(db, 'SELECT id FROM "order" WHERE order_number = ?').get(orderNumber) as { id: string } | undefined;
  const found = order ? findOrder(db, order.id) : undefined;
  // the reference must be exactly the order's (a number with other leading digits is another order)
  return found && qrReferenceOf(found.order_number) === reference ? found : undefined;
}

/** Imports credits: each once, matched and booked in one transaction. Answers what became of each. */
export function importBankCredits(db: Db, credits: readonly BankCredit[]): CreditReport[] {
  const reports: CreditReport[] = [];
  const record = (credit: BankCredit, order: OrderRow | undefined, outcome: CreditOutcome) =>
    prepared(db, 'INSERT INTO bank_credit (id, bank_reference, reference, amount, currency, booked_at, order_id, outcome, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
      randomId(),
      credit.bankReference,
      credit.reference,
      credit.amount,
      credit.currency,
      credit.bookedAt,
      order?.id ?? null,
      outcome,
      new Date().toISOString(),
    );
  for (const credit of credits) {
    const report = db
      .transaction((): CreditReport => {
        if (prepared(db, 'SELECT 1 FROM bank_credit WHERE bank_reference = ?').get(credit.bankReference)) {
          return { credit, outcome: 'duplicate', orderNumber: null, difference: 0 };
        }
        const order = orderOfReference(db, credit.reference);
        if (!order) {
          record(credit, undefined, 'unknown-reference');
          return { credit, outcome: 'unknown-reference', orderNumber: null, difference: 0 };
        }
        if (credit.currency !== 'CHF') {
          record(credit, order, 'wrong-currency');
          return { credit, outcome: 'wrong-currency', orderNumber: order.order_number, difference: 0 };
        }
        const transaction = latestTransaction(db, order.id);
        if (order.state === 'cancelled' || !transaction || (transaction.state !== 'open' && transaction.state !== 'paid_partially')) {
          record(credit, order, 'not-open');
          return { credit, outcome: 'not-open', orderNumber: order.order_number, difference: 0 };
        }
        const open = roundPrice(order.amount_total - creditedSoFar(db, order.id));
        const difference = roundPrice(credit.amount - open);
        const outcome: CreditOutcome = difference < 0 ? 'partial' : difference > 0 ? 'overpaid' : 'paid';
        record(credit, order, outcome);
        if (outcome === 'partial') {
          transition(db, 'order_transaction', transaction.id, order.id, 'paid_partially');
        } else {
          transition(db, 'order_transaction', transaction.id, order.id, 'paid');
          prepared(db, 'UPDATE order_line_item_download SET access_granted = 1 WHERE order_id = ?').run(order.id);
          queuePaymentReceivedMail(db, order);
        }
        return { credit, outcome, orderNumber: order.order_number, difference: Math.abs(difference) };
      })
      .immediate();
    reports.push(report);
  }
  return reports;
}
