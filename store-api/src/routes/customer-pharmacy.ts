import type { StoreApiApp } from '../app';
import type { SalesChannelContext } from '../context';
import { requireAccount } from '../domain/customer';
import { pharmacyJson } from '../entities/pharmacy';
import { prepared } from '../entities/system';
import { StoreApiError } from '../errors';
import { isId } from '../ids';
import { readBody } from '../request';

// The customer's preferred pharmacy (custom route; logged-in accounts only). A Click & Collect cart without a
// pharmacy picks it up (store-api/src/domain/cart/).

type PharmacyRow = Parameters<typeof pharmacyJson>[0];

function pharmacyById(ctx: SalesChannelContext, id: string | null): PharmacyRow | undefined {
  return id ? (prepared(ctx.db, 'SELECT * FROM pharmacy WHERE id = ?').get(id) as PharmacyRow | undefined) : undefined;
}

function answer(row: PharmacyRow | undefined): Record<string, unknown> {
  return { pharmacy: row ? pharmacyJson(row) : null, apiAlias: 'pharmacy_customer_pharmacy' };
}

export function registerCustomerPharmacyRoutes(app: StoreApiApp): void {
  app.on(['GET', 'POST'], '/customer-pharmacy', (c) => {
    const ctx = c.get('ctx');
    const customer = requireAccount(ctx);
    return c.json(answer(pharmacyById(ctx, customer.preferred_pharmacy_id ?? null)));
  });

  app.patch('/customer-pharmacy', async (c) => {
    const ctx = c.get('ctx');
    const customer = requireAccount(ctx);
    const body = await readBody(c);
    if (!('pharmacyId' in body) || (body.pharmacyId !== null && typeof body.pharmacyId !== 'string')) {
      throw StoreApiError.violation('/pharmacyId', 'VIOLATION::IS_BLANK_ERROR', 'This value should not be blank.', {
        '{{ value }}': JSON.stringify(body.pharmacyId ?? null).slice(0, 64),
      });
    }
    const pharmacyId = body.pharmacyId === '' ? null : body.pharmacyId;
    const row = pharmacyId === null ? undefined : isId(pharmacyId) ? pharmacyById(ctx, pharmacyId) : undefined;
    if (pharmacyId !== null && !row) {
      const shownId = pharmacyId.slice(0, 64);
      throw StoreApiError.notFound('PHARMACY__NOT_FOUND', `No pharmacy with id ${shownId} was found.`, { pharmacyId: shownId });
    }
    prepared(ctx.db, 'UPDATE customer SET preferred_pharmacy_id = ?, updated_at = ? WHERE id = ?').run(row?.id ?? null, new Date().toISOString(), customer.id);
    return c.json(answer(row));
  });
}
