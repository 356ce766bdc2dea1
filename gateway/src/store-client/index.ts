import {
  httpFailure,
  networkFailure,
  NETWORK_ERROR_STATUS,
  timeoutFailure,
  TIMEOUT_STATUS,
  unreadableAnswerFailure,
  type StoreApiRequestError,
} from './errors';
import type { StoreCallParams, StoreOperationKey, StoreResponse } from './operations';
import type { UpstreamBreaker } from './circuit-breaker';
import { retriesAfter, type AttemptOutcome } from './retry-policy';

export type { StoreOperationKey, StoreResponse, StoreCallParams, ShopOperations, StoreOperations } from './operations';
export { StoreApiRequestError, TIMEOUT_STATUS, NETWORK_ERROR_STATUS, isMissingRoute, isMissingRouteAnswer, type StoreApiErrorEntry } from './errors';
export { createUpstreamBreaker, type UpstreamBreaker } from './circuit-breaker';

/** The shopper's Store API session, shared by all calls of one GraphQL request. */
export interface StoreSession {
  /** sw-context-token; refreshed from every response that carries one */
  contextToken: string | null;
}

/** One attempt of a Store API call, as metrics and logs see it. */
export interface StoreCallObservation {
  /** e.g. "readProductListing post /product-listing/{categoryId}" */
  operation: string;
  method: string;
  /** the path template, never the filled-in path, so metrics keep a small label set */
  route: string;
  /** the HTTP status; 408 when our timeout cut the attempt off, 0 when no server answered */
  status: number;
  milliseconds: number;
  /** 1, or 2 for the retry */
  attempt: number;
  requestId?: string;
}

export interface StoreClientOptions {
  /** e.g. https://shop.example/store-api, or http://localhost:3000/store-api for the in-process one */
  baseUrl: string;
  accessKey: string;
  /** Injectable: the embedded Store API's `app.fetch` skips TCP. */
  fetch: (request: Request) => Promise<Response>;
  /** per attempt, covering the answer's body too (SPEC §9: 10 000 ms) */
  timeoutMs: number;
  session: StoreSession;
  /** sw-language-id for every call of this client */
  languageId?: string | null;
  /** carried to the Store API as x-request-id, so its logs can be joined with ours */
  requestId?: string;
  /** observed once per attempt (metrics, logs); a throwing observer never fails the call */
  onCall?: (call: StoreCallObservation) => void;
  /**
   * The shopper's IP address, sent as x-shop-client-ip for the Store API's rate limits (login, password recovery,
   * contact form). The embedded Store API believes it only on in-process calls; over TCP it uses the socket's.
   */
  clientIp?: string | null;
  /**
   * The upstream's circuit breaker (circuit-breaker.ts), shared by every client of the gateway: each call —
   * attempt and retry together — runs through it, and is refused at once while it is open.
   */
  breaker?: UpstreamBreaker;
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

type Attempt =
  | { kind: 'answer'; status: number; statusText: string; headers: Headers; body: string }
  | { kind: 'timeout' }
  | { kind: 'network-error'; cause: unknown };

const TIMED_OUT = Symbol('timed out');

/** The body as text, or TIMED_OUT when the deadline comes first; then the stream is cancelled, not left hanging. */
async function readBody(response: Response, deadline: Promise<typeof TIMED_OUT>): Promise<string | typeof TIMED_OUT> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const chunk = await Promise.race([reader.read(), deadline]);
    if (chunk === TIMED_OUT) {
      reader.cancel().catch(() => {}); // the stream may already be errored by the abort
      return TIMED_OUT;
    }
    if (chunk.done) return text + decoder.decode();
    text += decoder.decode(chunk.value, { stream: true });
  }
}

/**
 * One attempt with its own deadline. The deadline covers the answer's body as well as its headers: a
 * server that sends headers and then stalls is cut off too. The race does not rely on the fetch honouring
 * the abort signal, because an injected in-process fetch (the embedded app) may ignore it; the signal
 * still ends the socket of a timed-out call over TCP.
 */
async function attemptOnce(fetch: StoreClientOptions['fetch'], makeRequest: (signal: AbortSignal) => Request, timeoutMs: number): Promise<Attempt> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(TIMED_OUT);
    }, timeoutMs);
  });
  try {
    const answered = await Promise.race([fetch(makeRequest(controller.signal)), deadline]);
    if (answered === TIMED_OUT) return { kind: 'timeout' };
    const body = await readBody(answered, deadline);
    if (body === TIMED_OUT) return { kind: 'timeout' };
    return { kind: 'answer', status: answered.status, statusText: answered.statusText, headers: answered.headers, body };
  } catch (cause) {
    // Our abort can win the race by a tick; an injected fetch with a deadline of its own says TimeoutError.
    if (controller.signal.aborted || (cause instanceof Error && cause.name === 'TimeoutError')) return { kind: 'timeout' };
    return { kind: 'network-error', cause };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A Store API client for one GraphQL request (one shopper). The SPEC §7/§8 policy — headers, token
 * refresh, timeout, retries, error mapping — lives here, not in the official client (see STACK.md for
 * its gaps); the official client's operation types type every call.
 */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const languageId = options.languageId ?? null;

  function observe(call: StoreCallObservation): void {
    try {
      options.onCall?.(call);
    } catch {
      // metrics and logs must never break a shopper's request
    }
  }

  async function invoke<K extends StoreOperationKey>(operation: K, params: StoreCallParams<K> = {}): Promise<StoreResponse<K>> {
    const [, rawMethod = '', route = ''] = operation.split(' ');
    const method = rawMethod.toUpperCase();
    const url = new URL(options.baseUrl + buildPath(route, params.pathParams as Record<string, string> | undefined));
    appendQuery(url, params.query as Record<string, unknown> | undefined);
    const sendsBody = !METHODS_WITHOUT_BODY.has(method) && params.body !== undefined;
    // A FormData body (uploads) goes as multipart/form-data; fetch writes its content type with the boundary.
    const multipart = sendsBody && params.body instanceof FormData;
    const body = multipart ? (params.body as FormData) : sendsBody ? JSON.stringify(params.body) : undefined;

    const attempts = async (): Promise<StoreResponse<K>> => {
      for (let attempt = 1; ; attempt += 1) {
        // Headers are built per attempt: a retry carries the context token the first answer may have renewed.
        const headers: Record<string, string> = {
          accept: 'application/json',
          'sw-access-key': options.accessKey,
          'sw-include-seo-urls': 'true',
          ...(options.session.contextToken ? { 'sw-context-token': options.session.contextToken } : {}),
          ...(languageId ? { 'sw-language-id': languageId } : {}),
          ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
          ...(options.clientIp ? { 'x-shop-client-ip': options.clientIp } : {}),
          ...(sendsBody && !multipart ? { 'content-type': 'application/json' } : {}),
          ...params.headers,
        };
        const started = performance.now();
        const result = await attemptOnce(options.fetch, (signal) => new Request(url, { method, headers, body, signal }), options.timeoutMs);
        const milliseconds = performance.now() - started;

        if (result.kind === 'answer') {
          const token = result.headers.get('sw-context-token');
          if (token) options.session.contextToken = token;
        }
        const status = result.kind === 'answer' ? result.status : result.kind === 'timeout' ? TIMEOUT_STATUS : NETWORK_ERROR_STATUS;
        observe({ operation, method, route, status, milliseconds, attempt, ...(options.requestId ? { requestId: options.requestId } : {}) });

        if (result.kind === 'answer' && result.status >= 200 && result.status < 300) {
          if (!result.body) return undefined as StoreResponse<K>;
          try {
            return JSON.parse(result.body) as StoreResponse<K>;
          } catch {
            throw unreadableAnswerFailure(operation, result.status, result.body);
          }
        }
        const outcome: AttemptOutcome = result.kind === 'answer' ? { kind: 'answer', status: result.status } : { kind: result.kind };
        if (retriesAfter(method, outcome, attempt)) continue;
        throw failureOf(operation, result, options.timeoutMs);
      }
    };
    return options.breaker ? options.breaker.run(operation, attempts) : attempts();
  }
  return { invoke, languageId, session: options.session };
}

function failureOf(operation: string, result: Attempt, timeoutMs: number): StoreApiRequestError {
  switch (result.kind) {
    case 'timeout':
      return timeoutFailure(operation, timeoutMs);
    case 'network-error':
      return networkFailure(operation, result.cause);
    case 'answer':
      // 1xx/3xx land here too: redirects are followed by fetch, so one reaching us is an error of setup
      return httpFailure(operation, result.status, result.statusText, result.body);
  }
}
