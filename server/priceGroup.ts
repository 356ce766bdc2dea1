import type { Logger } from 'pino';
import type { StoreApiTarget } from '../gateway/src/context';
import { createStoreClient } from '../gateway/src/store-client';

/**
 * A session's price group (ADR 0020): what the catalogue prices of its pages depend on — the customer group
 * (insured customers get their insurer's discount through it), the currency and the delivery country. `default`
 * when all three are the sales channel's own: that session's catalogue pages are the anonymous ones.
 * `undefined` when the Store API could not tell: the page is rendered for the session, as before.
 */
export type PriceGroupOf = (contextToken: string) => Promise<string | undefined>;

/** The parts of the Store API's /context answer that decide prices (Shopware's shape). */
interface PricingContext {
  customer?: { groupId?: string } | null;
  currentCustomerGroup?: { id?: string } | null;
  currency?: { id?: string } | null;
  shippingLocation?: { country?: { id?: string } | null } | null;
  salesChannel?: { customerGroupId?: string; currencyId?: string; countryId?: string } | null;
}

export const DEFAULT_PRICE_GROUP = 'default';

/**
 * How long a page waits for the price group before it renders for the session instead: the lookup only saves
 * work, so a slow Store API must not add more than this to the page's own calls (SPEC §9: 10 s per call).
 */
export const PRICE_GROUP_DEADLINE_MS = 1000;

/** The price group of a /context answer, or undefined when a part is missing. */
export function priceGroupOfContext(context: PricingContext): string | undefined {
  // Shopware names the customer's own group in currentCustomerGroup; the customer's groupId says it too.
  const group = context.customer?.groupId ?? context.currentCustomerGroup?.id;
  const currency = context.currency?.id;
  const country = context.shippingLocation?.country?.id;
  const channel = context.salesChannel;
  if (!group || !currency || !country || !channel) return undefined;
  if (group === channel.customerGroupId && currency === channel.currencyId && country === channel.countryId) return DEFAULT_PRICE_GROUP;
  return `group:${group};currency:${currency};country:${country}`;
}

/**
 * Reads a session's price group from the Store API (`GET /context`, one call per page view of a session
 * without the guest mark) through the gateway's client: its timeout, retries, circuit breaker and metrics.
 */
export function createPriceGroupLookup(target: StoreApiTarget, logger: Logger, deadlineMs = PRICE_GROUP_DEADLINE_MS): PriceGroupOf {
  const lookup = async (contextToken: string): Promise<string | undefined> => {
    const client = createStoreClient({
      baseUrl: target.baseUrl,
      accessKey: target.accessKey,
      fetch: target.fetch,
      timeoutMs: Math.min(target.timeoutMs, deadlineMs),
      session: { contextToken },
      ...(target.onCall ? { onCall: target.onCall } : {}),
      ...(target.breaker ? { breaker: target.breaker } : {}),
    });
    return priceGroupOfContext((await client.invoke('readContext get /context')) as PricingContext);
  };
  return async (contextToken) => {
    // Caught here, not after the race: a lookup that fails once the deadline passed must not be an unhandled rejection.
    const reading = lookup(contextToken).catch((error: unknown) => {
      logger.warn({ err: error }, 'page cache: the price group of a session could not be read; the page is rendered for it');
      return undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    const group = await Promise.race([reading, deadline]);
    clearTimeout(timer);
    if (group !== 'late') return group;
    logger.warn({ deadlineMs }, 'page cache: no price group for a session within the deadline; the page is rendered for it');
    return undefined;
  };
}
