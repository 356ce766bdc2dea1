// SPEC §8 "API failures": how a failed Store API call reaches the gateway's resolvers.

/** One entry of Shopware's `errors` array, passed through to callers for 4xx (but 408) and 500. */
export interface StoreApiErrorEntry {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  meta?: Record<string, unknown>;
  source?: { pointer?: string };
}

/** statusCode of a call that got no answer in time (SPEC §8). */
export const TIMEOUT_STATUS = 408;
/** statusCode of a call that reached no server at all (SPEC §8). */
export const NETWORK_ERROR_STATUS = 0;

/**
 * A failed Store API call (SPEC §8): `statusCode` is the HTTP status, 408 for a timeout, 0 for a network
 * error; `messages` is the server's errors array where it is passed through, else one built message.
 */
export class StoreApiRequestError extends Error {
  override name = 'StoreApiRequestError';
  constructor(
    readonly statusCode: number,
    readonly messages: StoreApiErrorEntry[],
    readonly operation: string,
    /** the status the Store API actually answered, when it differs from `statusCode` (e.g. 503 → 500) */
    readonly upstreamStatus: number | null = null,
  ) {
    super(`${operation} failed with ${statusCode}: ${messages.map((m) => m.detail ?? m.title ?? m.code).join('; ')}`);
  }
}

/**
 * Whether a Store API answer says the route itself does not exist — a Shopware without the shop plugin (ADR 0027) —
 * rather than that an entity was not found. Shopware answers unknown routes 404 "No route found for …" (code "0"
 * on Shopware, FRAMEWORK__ROUTE_NOT_FOUND on the embedded Store API).
 */
export function isMissingRouteAnswer(status: number, entries: readonly StoreApiErrorEntry[]): boolean {
  return status === 404 && entries.some((entry) => entry.code === 'FRAMEWORK__ROUTE_NOT_FOUND' || /^No route found for /.test(entry.detail ?? ''));
}

/** A failed call whose route the Store API does not have (isMissingRouteAnswer). */
export function isMissingRoute(error: unknown): error is StoreApiRequestError {
  return error instanceof StoreApiRequestError && isMissingRouteAnswer(error.statusCode, error.messages);
}

export function timeoutFailure(operation: string, timeoutMs: number): StoreApiRequestError {
  return new StoreApiRequestError(
    TIMEOUT_STATUS,
    [{ status: String(TIMEOUT_STATUS), code: 'STORE_API_TIMEOUT', title: 'Request Timeout', detail: `The Store API did not answer within ${timeoutMs} ms.` }],
    operation,
  );
}

export function networkFailure(operation: string, cause: unknown): StoreApiRequestError {
  return new StoreApiRequestError(
    NETWORK_ERROR_STATUS,
    [{ status: String(NETWORK_ERROR_STATUS), code: 'STORE_API_UNREACHABLE', title: 'Network Error', detail: `The Store API could not be reached: ${describeCause(cause)}` }],
    operation,
  );
}

/** Shopware's errors array from an error body, or null when the body has none (HTML, empty, other JSON). */
export function errorsArrayOf(body: string): StoreApiErrorEntry[] | null {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    if (!Array.isArray(parsed?.errors) || parsed.errors.length === 0) return null;
    return parsed.errors.filter((entry): entry is StoreApiErrorEntry => typeof entry === 'object' && entry !== null);
  } catch {
    return null;
  }
}

/**
 * The error of a Store API answer with an error status. Shopware's errors array is passed through for 4xx
 * (but 408) and for 500. A 408 answer is a timeout, reported like ours. Everything else — 501 to 504
 * (after the retry, if any), or an error without Shopware's errors array (a proxy's HTML page, an empty
 * body) — becomes 500 with one message built from what the server said.
 */
export function httpFailure(operation: string, status: number, statusText: string, body: string): StoreApiRequestError {
  const errors = errorsArrayOf(body);
  const passedThrough = (status >= 400 && status < 500 && status !== TIMEOUT_STATUS) || status === 500;
  if (passedThrough && errors) return new StoreApiRequestError(status, errors, operation);
  const said = errors ? errors.map((e) => e.detail ?? e.title ?? e.code).filter(Boolean).join('; ') : excerpt(body);
  const detail = `The Store API answered ${status}${statusText ? ` ${statusText}` : ''}${said ? `: ${said}` : '.'}`;
  if (status === TIMEOUT_STATUS) {
    return new StoreApiRequestError(TIMEOUT_STATUS, [{ status: '408', code: 'STORE_API_TIMEOUT', title: 'Request Timeout', detail }], operation);
  }
  return new StoreApiRequestError(500, [{ status: '500', code: 'STORE_API_ERROR', title: 'Internal Server Error', detail }], operation, status);
}

/** A 2xx answer whose body is not JSON: the URL points at something that is not a Store API. */
export function unreadableAnswerFailure(operation: string, status: number, body: string): StoreApiRequestError {
  return new StoreApiRequestError(
    500,
    [{ status: '500', code: 'STORE_API_UNREADABLE', title: 'Internal Server Error', detail: `The Store API answered ${status} with a body that is not JSON: ${excerpt(body)}` }],
    operation,
    status,
  );
}

function excerpt(body: string): string {
  // HTML error pages are mostly markup: keep the words, and only enough of them for a log line.
  const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici reports "fetch failed" and keeps the reason (ECONNREFUSED, ENOTFOUND, …) in `cause`.
  const inner = cause.cause;
  if (inner instanceof Error) {
    const code = (inner as NodeJS.ErrnoException).code;
    return `${cause.message} (${code ?? inner.message})`;
  }
  return cause.message;
}
