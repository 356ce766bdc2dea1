// SPEC §7: "retries idempotent requests once and non-idempotent ones (PATCH, POST, PUT, DELETE) zero
// times. Retry statuses: 408, 409, 425, 429, 500, 502, 503, 504."

/**
 * Methods that may be sent twice. Shopware reads most data with POST (/product-listing, /product, …);
 * those are not retried either: the SPEC's rule goes by method, and a POST such as /checkout/order or
 * /account/register must never run twice.
 */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** One retry for idempotent requests, so at most two attempts. */
export const MAX_ATTEMPTS = 2;

export type AttemptOutcome = { kind: 'answer'; status: number } | { kind: 'timeout' } | { kind: 'network-error' };

/**
 * Whether an idempotent call is tried again after this failed attempt. A timeout of ours counts as 408,
 * a listed status. A network error (no answer at all, status 0) is retried too: the list names HTTP
 * answers, and a dropped or refused connection is the most passing failure there is; sending a GET
 * again is harmless. This is also what the SPEC's generic client (ofetch, whose default retry statuses
 * are exactly this list) does.
 */
export function retriesAfter(method: string, outcome: AttemptOutcome, attempt: number): boolean {
  if (attempt >= MAX_ATTEMPTS || !IDEMPOTENT_METHODS.has(method)) return false;
  if (outcome.kind !== 'answer') return true;
  return RETRY_STATUSES.has(outcome.status);
}
