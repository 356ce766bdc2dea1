import type { StoreApiApp } from '../app';
import { saveContextPayload, type ContextPayload, type SalesChannelContext } from '../context';
import { StoreApiError, type Violation } from '../errors';
import { applyIncludes, parseCriteria, readCriteriaInput, searchEntities, type Criteria } from '../dal';
import { readBody } from '../request';
import { storeDefaultPaymentMethod } from '../domain/customer';
import { bool, paymentMethodUsable, prepared, salesChannelContextJson, salesChannelDomains, selectedFirst, type Json } from '../entities/system';

// GET/PATCH /context and the sales channel's reference lists (language, country, salutation,
// currency, payment-method, shipping-method).

/** PATCH /context keys, the entity each must exist as, and the table that proves it. */
const SWITCHABLE: { key: keyof ContextPayload & string; entity: string; sql: string }[] = [
  { key: 'shippingMethodId', entity: 'shipping_method', sql: 'SELECT active FROM shipping_method WHERE id = ?' },
  { key: 'paymentMethodId', entity: 'payment_method', sql: 'SELECT active, asynchronous FROM payment_method WHERE id = ?' },
  { key: 'countryId', entity: 'country', sql: 'SELECT active FROM country WHERE id = ?' },
  { key: 'countryStateId', entity: 'country_state', sql: 'SELECT active FROM country_state WHERE id = ?' },
  { key: 'currencyId', entity: 'currency', sql: 'SELECT 1 AS active FROM currency WHERE id = ?' },
  { key: 'languageId', entity: 'language', sql: 'SELECT 1 AS active FROM language WHERE id = ?' },
];

const ADDRESS_KEYS = ['billingAddressId', 'shippingAddressId'] as const;

function entityMissing(pointerKey: string, entity: string, value: unknown): Violation {
  const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return {
    pointer: `/${pointerKey}`,
    code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS',
    detail: `The ${entity} entity with id ${shown} does not exist.`,
    parameters: { '{{ entity }}': entity, '{{ id }}': shown },
  };
}

/** An address can be chosen only by its own customer (a guest counts). */
function customerOwnsAddress(ctx: SalesChannelContext, addressId: string): boolean {
  if (!ctx.customerId) return false;
  return prepared(ctx.db, 'SELECT 1 FROM customer_address WHERE id = ? AND customer_id = ?').get(addressId, ctx.customerId) !== undefined;
}

/** Validates a PATCH /context body like Shopware's ContextSwitchRoute and returns what to store. */
function contextChanges(ctx: SalesChannelContext, body: Record<string, unknown>): ContextPayload {
  if (!ctx.customerId) {
    // Address ids belong to a customer: without one they are refused before anything is checked.
    for (const key of ADDRESS_KEYS) {
      if (body[key] !== undefined && body[key] !== null) {
        throw StoreApiError.of(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.');
      }
    }
  }
  const violations: Violation[] = [];
  const changes: ContextPayload = {};
  for (const { key, entity, sql } of SWITCHABLE) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value === null) {
      changes[key] = undefined;
      continue;
    }
    const row = typeof value === 'string' ? (prepared(ctx.db, sql).get(value) as { active: number; asynchronous?: number } | undefined) : undefined;
    // An inactive method or country cannot be chosen in the shop, so it counts as missing; so does a payment method no provider handles.
    const usable = row && (row.asynchronous === undefined ? bool(row.active) : paymentMethodUsable(ctx, { active: row.active, asynchronous: row.asynchronous }));
    if (!usable) violations.push(entityMissing(key, entity, value));
    else changes[key] = value as string;
  }
  for (const key of ADDRESS_KEYS) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value === null) {
      changes[key] = undefined;
      continue;
    }
    const owned = typeof value === 'string' && customerOwnsAddress(ctx, value);
    if (!owned) violations.push(entityMissing(key, 'customer_address', value));
    else changes[key] = value as string;
  }
  if (violations.length) throw StoreApiError.violations(violations);
  return changes;
}

/** Shopware answers the new language's (first) domain when the language changes and it has one. */
function redirectUrlFor(ctx: SalesChannelContext, changes: ContextPayload): string | null {
  const languageId = changes.languageId;
  if (!languageId || languageId === ctx.languageId) return null;
  return salesChannelDomains(ctx).find((domain) => domain.languageId === languageId)?.url ?? null;
}

export function registerSystemRoutes(app: StoreApiApp): void {
  app.get('/context', (c) => c.json(salesChannelContextJson(c.get('ctx'))));

  app.patch('/context', async (c) => {
    const ctx = c.get('ctx');
    const body = await readBody(c);
    const changes = contextChanges(ctx, body);
    const redirectUrl = redirectUrlFor(ctx, changes);
    saveContextPayload(ctx, changes);
    // The 6.7 way of change-payment-method: a logged-in account's choice becomes its default as well.
    if (typeof changes.paymentMethodId === 'string' && ctx.customerId) storeDefaultPaymentMethod(ctx, ctx.customerId, changes.paymentMethodId);
    return c.json({ redirectUrl, apiAlias: 'array_struct' });
  });

  // Each list answers GET (Criteria in the query) and POST (Criteria in the body).
  const list = (path: string, handler: (request: ListRequest, input: Record<string, unknown>) => unknown) => {
    app.on(['GET', 'POST'], path, async (c) => {
      const request = { ctx: c.get('ctx'), maxLimit: c.get('deps').config.maxLimit };
      return c.json(handler(request, await readCriteriaInput(c)) as Json);
    });
  };

  list('/language', (request, input) => entityList(request, 'language', input));
  list('/country', (request, input) => entityList(request, 'country', input));
  list('/salutation', (request, input) => entityList(request, 'salutation', input));
  // Shopware answers the currencies as a plain array, not a search result.
  list('/currency', (request, input) => {
    const criteria = criteriaFor(request, 'currency', input);
    return applyIncludes(searchEntities(request.ctx, 'currency', criteria).elements, criteria.includes, criteria.excludes);
  });
  // Shopware's Sorted*MethodRoute puts the context's current method first.
  list('/payment-method', (request, input) =>
    entityList(request, 'payment_method', input, (result, criteria) =>
      criteria.sort.length ? result : { ...result, elements: selectedFirst(result.elements, request.ctx.paymentMethodId) },
    ),
  );
  list('/shipping-method', (request, input) =>
    entityList(request, 'shipping_method', input, (result, criteria) =>
      criteria.sort.length ? result : { ...result, elements: selectedFirst(result.elements, request.ctx.shippingMethodId) },
    ),
  );
}

type SearchResult = ReturnType<typeof searchEntities>;

interface ListRequest {
  ctx: SalesChannelContext;
  /** the configured Criteria limit cap (config.maxLimit) */
  maxLimit: number;
}

function criteriaFor(request: ListRequest, entity: string, input: Record<string, unknown>): Criteria {
  return parseCriteria(input, { entity, maxLimit: request.maxLimit });
}

/**
 * An entity search answered as Shopware's EntitySearchResult. `onlyAvailable` needs no extra
 * filter here: the shop has no availability rules, so every active method is available.
 */
function entityList(
  request: ListRequest,
  entity: string,
  input: Record<string, unknown>,
  adjust: (result: SearchResult, criteria: Criteria) => SearchResult = (r) => r,
): unknown {
  const rest = { ...input };
  delete rest.onlyAvailable;
  const criteria = criteriaFor(request, entity, rest);
  const result = adjust(searchEntities(request.ctx, entity, criteria), criteria);
  return applyIncludes(result, criteria.includes, criteria.excludes);
}
