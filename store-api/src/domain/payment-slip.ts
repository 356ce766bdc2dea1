import type { Data as QrBillData } from 'swissqrbill/types';
import { calculateQRReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';
import type { Db } from '../db/connection';
import { prepared } from '../entities/system';
import type { OrderRow } from './order';
import { billingCompany } from './shop-settings';
import { roundPrice } from './pricing';

// The Swiss QR-bill of an order paid by invoice or prepayment (issue 19): who is paid (the operating company of
// system_config), into which account (its QR-IBAN), with which structured reference (QRR, tied to the order
// number), how much. The payment part itself is drawn by `swissqrbill` (PDF in the invoice, SVG on the pages),
// which also checks the data against the standard's rules; the camt.054 import matches credits by this reference.

/** The payment methods paid by bank transfer, so their orders carry a QR-bill. */
export const TRANSFER_METHODS = ['payment_invoice', 'payment_prepayment'] as const;

/**
 * The order's QR reference: its order number's digits, zero-padded to 26, and the recursive mod-10 check digit
 * (27 digits). One order, one reference; the camt.054 import reads the order back from it.
 */
export function qrReferenceOf(orderNumber: string): string {
  const digits = orderNumber.replace(/\D/g, '');
  if (!digits || digits.length > 26) throw new Error(`order number ${orderNumber} cannot make a QR reference`);
  const body = digits.padStart(26, '0');
  return body + calculateQRReferenceChecksum(body);
}

export interface PaymentSlip {
  /** the creditor's QR-IBAN, without spaces */
  iban: string;
  /** the 27-digit QR reference, without spaces */
  reference: string;
  /** CHF still to pay: the order's total less what bank transfers already paid of it */
  amount: number;
  currency: 'CHF';
  creditor: { name: string; street: string; buildingNumber: string; zipcode: string; city: string; country: string };
  debtor: { name: string; street: string; zipcode: string; city: string; country: string } | null;
  /** the order number, as the message of the payment */
  orderNumber: string;
}

/**
 * The QR-bill of an order whose current payment is by transfer (invoice, prepayment) and not yet paid or cancelled;
 * null for every other order (a card payment has nothing to transfer).
 */
export function paymentSlipOf(db: Db, order: OrderRow): PaymentSlip | null {
  const payment = prepared(
    db,
    `SELECT m.technical_name, t.state FROM order_transaction t JOIN payment_method m ON m.id = t.payment_method_id
      WHERE t.order_id = ? ORDER BY t.created_at DESC, t.rowid DESC LIMIT 1`,
  ).get(order.id) as { technical_name: string; state: string } | undefined;
  if (!payment || !(TRANSFER_METHODS as readonly string[]).includes(payment.technical_name)) return null;
  if ((payment.state !== 'open' && payment.state !== 'paid_partially') || order.state === 'cancelled') return null;
  const company = billingCompany(db);
  if (!isQRIBAN(company.qrIban)) return null;
  const billing = prepared(
    db,
    `SELECT a.first_name, a.last_name, a.company, a.street, a.zipcode, a.city, c.iso FROM order_address a
       LEFT JOIN country c ON c.id = a.country_id WHERE a.id = ?`,
  ).get(order.billing_address_id) as
    | { first_name: string; last_name: string; company: string | null; street: string; zipcode: string | null; city: string; iso: string | null }
    | undefined;
  return {
    iban: company.qrIban,
    reference: qrReferenceOf(order.order_number),
    amount: roundPrice(order.amount_total - creditedSoFar(db, order.id)),
    currency: 'CHF',
    creditor: {
      name: company.companyName,
      street: company.street,
      buildingNumber: company.buildingNumber,
      zipcode: company.zipcode,
      city: company.city,
      country: company.country,
    },
    debtor: billing
      ? {
          name: (billing.company?.trim() || `${billing.first_name} ${billing.last_name}`).slice(0, 70),
          street: billing.street.slice(0, 70),
          zipcode: (billing.zipcode ?? '').slice(0, 16),
          city: billing.city.slice(0, 35),
          country: billing.iso ?? 'CH',
        }
      : null,
    orderNumber: order.order_number,
  };
}

/** CHF of an order already credited by bank transfers (camt.054 imports, domain/bank-credits.ts). */
export function creditedSoFar(db: Db, orderId: string): number {
  return (prepared(db, "SELECT COALESCE(SUM(amount), 0) AS total FROM bank_credit WHERE order_id = ? AND outcome IN ('paid', 'partial', 'overpaid')").get(orderId) as { total: number }).total;
}

/** The slip as swissqrbill's data (its constructor validates it against the standard and throws if it breaks a rule). */
export function qrBillData(slip: PaymentSlip, messageLabel: string): QrBillData {
  return {
    currency: slip.currency,
    amount: slip.amount,
    reference: slip.reference,
    message: `${messageLabel} ${slip.orderNumber}`.slice(0, 140),
    creditor: {
      account: slip.iban,
      name: slip.creditor.name,
      address: slip.creditor.street,
      buildingNumber: slip.creditor.buildingNumber || undefined,
      zip: slip.creditor.zipcode,
      city: slip.creditor.city,
      country: slip.creditor.country,
    },
    ...(slip.debtor
      ? { debtor: { name: slip.debtor.name, address: slip.debtor.street, zip: slip.debtor.zipcode, city: slip.debtor.city, country: slip.debtor.country } }
      : {}),
  };
}
