import { createHash } from 'node:crypto';
import type { Registry } from 'prom-client';
import { mediaTypeOf, readCookie, sentContextToken } from './context';
import { passesCsrfRule } from './plugins/csrf';
import { CACHE_HEADER, cacheAnswersCounter } from './plugins/response-cache';

// Ready answers (issue 8: the cached anonymous query at ≥ 4,000 requests/s). A response-cache hit still costs a
// request's whole way through yoga — the request's body as a web stream, the plugins, serializing the stored
// answer again — about four fifths of a hit's time. Under load the same few anonymous queries come many times a
// second (a product page that is being shared, a crawler), so for READY_ANSWER_MS an answer the response cache
// gave fresh is kept as its response bytes, keyed by everything the request sent that can change the answer, and
// mountGateway gives it before yoga sees the request.
//
// Only answers the response cache gave as fresh hits are kept, and never past their freshness, so what may be
// cached is still decided there (anonymous queries only, no private types, no errors, no answer made while the
// Store API failed). The CSRF rule is asked first. What a mutation invalidates can be answered for at most
// READY_ANSWER_MS more.

/** How long a fresh hit is answered from its bytes. */
export const READY_ANSWER_MS = 1000;
const MAX_READY_ANSWERS = 1000;
/** Answers of large CMS pages must not add up: the kept bytes are bounded too. */
const MAX_READY_BYTES = 16 * 1024 * 1024;
/** Headers the same for everyone who asks; x-request-id and cookies are one request's own. */
const KEPT_HEADERS = new Set(['content-type', CACHE_HEADER, 'etag', 'last-modified']);
/** What a request sends that the answer can depend on, besides its method, URL and body (the language, mainly). */
const KEY_HEADERS = ['x-shop-locale', 'sw-language-id', 'accept-language', 'x-graphql-csrf'];

interface ReadyAnswer {
  until: number;
  status: number;
  headers: [string, string][];
  /** bytes, not an ArrayBuffer: @hono/node-server writes a Uint8Array body straight to the socket */
  body: Uint8Array<ArrayBuffer>;
}

export interface ReadyAnswers {
  /**
   * The ready answer to this request, or the request yoga should get instead: the same request, or — when its
   * body had to be read for the key — a copy carrying that body.
   */
  take(request: Request): Promise<{ answer: Response } | { request: Request }>;
  /** Keeps a fresh hit (ttl until `freshUntil`) for the requests after it; called by the response-cache plugin. */
  keep(request: Request, response: Response, freshUntil: number): Promise<void>;
}

export function createReadyAnswers(options: { registry?: Registry; now?: () => number } = {}): ReadyAnswers {
  const now = options.now ?? Date.now;
  const answers = new Map<string, ReadyAnswer>();
  let bytes = 0;
  const forget = (key: string): void => {
    bytes -= answers.get(key)?.body.byteLength ?? 0;
    answers.delete(key);
  };
  const keys = new WeakMap<Request, string>();
  // counted with the response cache's other answers: graphql_response_cache_answers_total{result="ready"}
  const answered = options.registry ? cacheAnswersCounter(options.registry) : undefined;

  /** Anonymous GET or JSON POST that passes the CSRF rule and is not a conditional request. */
  const eligible = (request: Request): boolean =>
    (request.method === 'GET' || (request.method === 'POST' && mediaTypeOf(request) === 'application/json')) &&
    sentContextToken(request) === undefined &&
    !request.headers.has('if-none-match') &&
    passesCsrfRule(request);

  return {
    async take(request) {
      if (!eligible(request)) return { request };
      const body = request.method === 'POST' ? await request.text() : '';
      // The path and query, never the Host: a forged Host must not make keys of its own (issue 17).
      const url = new URL(request.url);
      const key = createHash('sha256')
        .update([request.method, url.pathname + url.search, ...KEY_HEADERS.map((name) => request.headers.get(name) ?? ''), readCookie(request.headers.get('cookie'), 'sw-language-id') ?? '', body].join('\n'))
        .digest('hex');
      const kept = answers.get(key);
      if (kept && kept.until > now()) {
        answered?.inc({ result: 'ready' });
        return { answer: new Response(kept.body, { status: kept.status, headers: kept.headers }) };
      }
      if (kept) forget(key);
      // The body is read: yoga gets a request carrying it (same URL, method and headers).
      const forYoga = request.method === 'POST' ? new Request(request.url, { method: 'POST', headers: request.headers, body, signal: request.signal }) : request;
      keys.set(forYoga, key);
      return { request: forYoga };
    },
    async keep(request, response, freshUntil) {
      const key = keys.get(request);
      if (!key || answers.has(key)) return;
      const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()));
      const body = new Uint8Array(await response.clone().arrayBuffer());
      answers.set(key, { until: Math.min(now() + READY_ANSWER_MS, freshUntil), status: response.status, headers, body });
      bytes += body.byteLength;
      for (const oldest of answers.keys()) {
        if (answers.size <= MAX_READY_ANSWERS && bytes <= MAX_READY_BYTES) break;
        forget(oldest);
      }
    },
  };
}
