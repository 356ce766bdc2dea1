import type { StoreCallParams, StoreOperationKey, StoreResponse } from './operations';

export type { StoreOperationKey, StoreResponse, StoreCallParams } from './operations';

/** One entry of Shopware's `errors` array, passed through to callers for 4xx (but 408) and 500. */
export interface StoreApiErrorEntry {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  meta?: Record<string, unknown>;
  source?: { pointer?: string };
}

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
  ) {
    super(`${operation} failed with ${statusCode}: ${messages.map((m) => m.detail ?? m.title ?? m.code).join('; ')}`);
  }
}

/** The shopper's Store API session, shared by all calls of one GraphQL request. */
export interface StoreSession {
  /** sw-context-token; refreshed from every response that carries one */
  contextToken: string | null;
}

export interface StoreClientOptions {
  /** e.g. https://shop.example/store-api, or http://embedded/store-api for the in-process one */
  baseUrl: string;
  accessKey: string;
  /** Injectable: the embedded Store API's `app.fetch` skips TCP. */
  fetch: (request: Request) => Promise<Response>;
  timeoutMs: number;
  session: StoreSession;
  /** sw-language-id for every call of this client */
  languageId?: string | null;
  /** carried to the Store API as x-request-id, so its logs can be joined with ours */
  requestId?: string;
  /** observed once per finished call (metrics, logs) */
  onCall?: (call: { operation: string; method: string; route: string; status: number; milliseconds: number; attempt: number }) => void;
}

export interface StoreClient {
  invoke<K extends StoreOperationKey>(operation: K, params?: StoreCallParams<K>): Promise<StoreResponse<K>>;
  readonly languageId: string | null;
  readonly session: StoreSession;
}

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD']);

function buildPath(template: string, pathParams: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathParams[name];
    if (value === undefined) throw new Error(`Store API call: path parameter ${name} is missing for ${template}`);
    return encodeURIComponent(value);
  });
}

function appendQuery(url: URL, query: Record<string, unknown> | undefined): void {
  if (!query) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

/**
 * A Store API client for one GraphQL request (one shopper). The SPEC §7 policy — headers, token refresh,
 * timeout, retries, error mapping — lives here, not in the official client (see STACK.md for its gaps).
 */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const languageId = options.languageId ?? null;
  async function invoke<K extends StoreOperationKey>(operation: K, params: StoreCallParams<K> = {}): Promise<StoreResponse<K>> {
    const [, rawMethod, template] = operation.split(' ') as [string, string, string];
    const method = rawMethod.toUpperCase();
    const url = new URL(options.baseUrl + buildPath(template, params.pathParams as Record<string, string> | undefined));
    appendQuery(url, params.query as Record<string, unknown> | undefined);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'sw-access-key': options.accessKey,
      'sw-include-seo-urls': 'true',
      ...(options.session.contextToken ? { 'sw-context-token': options.session.contextToken } : {}),
      ...(languageId ? { 'sw-language-id': languageId } : {}),
      ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
      ...params.headers,
    };
    let body: string | undefined;
    if (!METHODS_WITHOUT_BODY.has(method) && params.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(params.body);
    }
    const started = performance.now();
    let response: Response;
    try {
      response = await options.fetch(new Request(url, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs) }));
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const status = timedOut ? 408 : 0;
      options.onCall?.({ operation, method, route: template, status, milliseconds: performance.now() - started, attempt: 1 });
      throw new StoreApiRequestError(status, [{ detail: error instanceof Error ? error.message : String(error) }], operation);
    }
    const token = response.headers.get('sw-context-token');
    if (token) options.session.contextToken = token;
    const text = await response.text();
    options.onCall?.({ operation, method, route: template, status: response.status, milliseconds: performance.now() - started, attempt: 1 });
    if (!response.ok) {
      let errors: StoreApiErrorEntry[] | undefined;
      try {
        const parsed = JSON.parse(text) as { errors?: StoreApiErrorEntry[] };
        errors = Array.isArray(parsed.errors) ? parsed.errors : undefined;
      } catch {
        errors = undefined;
      }
      const passThrough = (response.status >= 400 && response.status < 500 && response.status !== 408) || response.status === 500;
      throw new StoreApiRequestError(
        passThrough || response.status === 408 ? response.status : 500,
        passThrough && errors ? errors : [{ detail: `${response.status} ${response.statusText || 'error'}: ${text.slice(0, 200)}` }],
        operation,
      );
    }
    return (text ? JSON.parse(text) : undefined) as StoreResponse<K>;
  }
  return { invoke, languageId, session: options.session };
}
