import type { Db } from '../../db/connection';
import { queryOne } from '../../dal/statements';
import { cartError } from './errors';
import type { CartReads } from './reads';
import type { CartError } from './types';

// Invoice goes only to the address it is delivered to (SPEC §8): the cart says so before checkout.

/** The fields that make two addresses the same place for the same person (phone and salutation do not). */
export interface PostalAddress {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  department: string | null;
  street: string | null;
  additional_address_line1: string | null;
  additional_address_line2: string | null;
  zipcode: string | null;
  city: string | null;
  country_id: string | null;
  country_state_id: string | null;
}

const POSTAL_FIELDS: (keyof PostalAddress)[] = [
  'first_name',
  'last_name',
  'company',
  'department',
  'street',
  'additional_address_line1',
  'additional_address_line2',
  'zipcode',
  'city',
  'country_id',
  'country_state_id',
];

const normalised = (value: string | null | undefined): string => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Invoice needs the billing address to be the shipping address (SPEC §8): compared by content, not by id. */
export function addressesDiffer(billing: PostalAddress, shipping: PostalAddress): boolean {
  return POSTAL_FIELDS.some((field) => normalised(billing[field]) !== normalised(shipping[field]));
}

const ADDRESS_SQL = `SELECT first_name, last_name, company, department, street, additional_address_line1, additional_address_line2,
  zipcode, city, country_id, country_state_id FROM customer_address WHERE id = ? AND customer_id = ?`;

/** The context's billing and shipping address (chosen ones, else the customer's defaults), or null. */
function contextAddresses(reads: CartReads): { billing: PostalAddress; shipping: PostalAddress } | null {
  const { ctx } = reads;
  if (!ctx.customerId) return null;
  let billingId = typeof ctx.payload.billingAddressId === 'string' ? ctx.payload.billingAddressId : null;
  let shippingId = typeof ctx.payload.shippingAddressId === 'string' ? ctx.payload.shippingAddressId : null;
  if (!billingId || !shippingId) {
    const customer = reads.customer();
    billingId ??= customer?.defaultBillingAddressId ?? null;
    shippingId ??= customer?.defaultShippingAddressId ?? billingId;
  }
  if (!billingId || !shippingId) return null;
  const billing = queryOne<PostalAddress>(ctx.db, ADDRESS_SQL, [billingId, ctx.customerId]);
  const shipping = billingId === shippingId ? billing : queryOne<PostalAddress>(ctx.db, ADDRESS_SQL, [shippingId, ctx.customerId]);
  return billing && shipping ? { billing, shipping } : null;
}

function paymentMethodFacts(db: Db, id: string, languageId: string): { technicalName: string; name: string } | null {
  const row = queryOne<{ technical_name: string; name: string | null }>(
    db,
    `SELECT p.technical_name, t.name FROM payment_method p
     LEFT JOIN payment_method_translation t ON t.payment_method_id = p.id AND t.language_id = ? WHERE p.id = ?`,
    [languageId, id],
  );
  return row ? { technicalName: row.technical_name, name: row.name ?? row.technical_name } : null;
}

/** The invoice payment method (SPEC §5: only when billing and shipping are one address). */
export const INVOICE_TECHNICAL_NAME = 'payment_invoice';

/** The invoice payment method is blocked when the context's billing and shipping addresses differ. */
export function invoiceAddressErrors(reads: CartReads, hasGoods: boolean): CartError[] {
  const { ctx } = reads;
  // a visitor has no addresses yet: nothing to compare
  if (!hasGoods || !ctx.customerId) return [];
  const payment = paymentMethodFacts(ctx.db, ctx.paymentMethodId, ctx.languageId);
  if (payment?.technicalName !== INVOICE_TECHNICAL_NAME) return [];
  const addresses = contextAddresses(reads);
  if (!addresses || !addressesDiffer(addresses.billing, addresses.shipping)) return [];
  return [
    cartError(
      'payment-method-blocked-invoice',
      'payment-method-blocked',
      20,
      `The payment method ${payment.name} is not possible when the billing address differs from the shipping address.`,
      { name: payment.name, reason: 'billing-address-differs' },
    ),
  ];
}
