import { wholeNumberSetting } from '../gateway/src/config';
import { CACHE_HEADER } from '../gateway/src/plugins/response-cache';
import { readCookie } from '../gateway/src/context';
import { SCOPE_HEADER } from '../gateway/src/plugins/answer-scope';
import { GUEST_COOKIE } from '../gateway/src/plugins/session-cookies';
import { splitLocalePath } from '../storefront/platform/i18n/locales';

/**
 * The page cache of catalogue pages (ADR 0011): the rendered HTML of a GET that carries no session cookie,
 * or the session of a guest the gateway marked (ADR 0019, PAGE_CACHE_GUESTS); and the pages of other sessions
 * by their price group (ADR 0020, PAGE_CACHE_PRICE_GROUPS), the anonymous ones for the default group. Kept for a
 * short time (PAGE_CACHE_TTL_SECONDS, 60 s) in a bounded LRU (entries and bytes). Concurrent misses of one key render once (request coalescing). No stale serving: an entry past
 * its TTL is gone; the GraphQL response cache of issue 8 brings stale-if-error.
 *
 * Only what every anonymous visitor sees the same way is kept: catalogue paths (home, the catch-all route
 * = category, product, landing and content pages, search, /t/bestseller), status 200, HTML, and no
 * Set-Cookie from the render. Personal pages (checkout, account, login …) are never cached.
 */

/** The session cookie of the shop: a request that carries it sees its own cart, login, prices. */
const SESSION_COOKIE = 'sw-context-token';

/** The session (context token) a request carries, if any. */
export function sessionTokenOf(request: Request): string | undefined {
  return readCookie(request.headers.get('cookie'), SESSION_COOKIE);
}

const DEFAULT_PAGE_CACHE_TTL_SECONDS = 60;
const DEFAULT_PAGE_CACHE_MAX_ENTRIES = 500;
const DEFAULT_PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** The answer headers of a cacheable page: shared caches may keep it 60 s, browsers revalidate; per cookie. */
export const CACHEABLE_CACHE_CONTROL = (ttlSeconds: number): string => `public, max-age=0, s-maxage=${ttlSeconds}`;

/** A rendered page as the cache keeps it. */
export interface RenderedPage {
  status: number;
  /** response headers (name, value); Set-Cookie makes a page uncacheable */
  headers: ReadonlyArray<readonly [string, string]>;
  body: string;
}

export interface PageCacheOptions {
  /** seconds an entry lives; 0 disables the cache */
  ttlSeconds: number;
  /** whether guests' sessions (the gateway's `shop-guest` marker) get the anonymous pages too (default true) */
  guests?: boolean;
  /** whether other sessions get the pages of their price group (ADR 0020; default true) */
  priceGroups?: boolean;
  maxEntries: number;
  /** budget for the bodies (UTF-8 bytes) of all entries */
  maxBytes: number;
  /** the clock (tests) */
  now?: () => number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** misses that waited for another request's render of the same key instead of rendering */
  coalesced: number;
}

export interface PageCache {
  readonly ttlSeconds: number;
  /** guests' sessions are answered from the cache too (ADR 0019) */
  readonly guests: boolean;
  /** other sessions are answered by their price group (ADR 0020) */
  readonly priceGroups: boolean;
  /**
   * The page for a key: from the cache (`hit`), from a render of the same key already under way (`hit`,
   * coalesced), or rendered now (`miss`) and kept when `keep` says so (isStorable unless given). A render
   * that fails is not kept.
   */
  serve(key: string, render: () => Promise<RenderedPage>, keep?: (page: RenderedPage) => boolean): Promise<{ page: RenderedPage; source: 'hit' | 'miss' }>;
  stats(): PageCacheStats;
  clear(): void;
}

interface Entry {
  page: RenderedPage;
  bytes: number;
  expiresAt: number;
}

/** Paths (without language prefix) that are personal or one-off: never cached, whatever the request. */
const NEVER_CACHED = [
  /^\/checkout(?:\/|$)/i,
  /^\/account(?:\/|$)/i,
  /^\/login(?:\/|$)/i,
  /^\/register(?:\/|$)/i,
  /^\/registration/i,
  /^\/wishlist(?:\/|$)/i,
  /^\/newsletter-/i,
  /^\/reset-password(?:\/|$)/i,
  /^\/payment-provider/i,
];

/** Whether a path (with or without /it, /fr) is a catalogue page the cache may keep. */
export function isCatalogPath(pathname: string): boolean {
  if (pathname.endsWith('.pageContext.json')) return false;
  const { logicalPath } = splitLocalePath(pathname);
  return !NEVER_CACHED.some((pattern) => pattern.test(logicalPath));
}

/**
 * Whether a request may be answered from (and fill) the cache: a GET of a catalogue path without a session,
 * or (with `guests`) with the session of a guest the gateway marked `shop-guest=1`.
 */
export function isCacheableRequest(request: Request, options: { guests?: boolean } = {}): boolean {
  if (request.method !== 'GET') return false;
  if (sessionTokenOf(request) !== undefined && !(options.guests === true && readCookie(request.headers.get('cookie'), GUEST_COOKIE) === '1')) return false;
  return isCatalogPath(new URL(request.url).pathname);
}

/**
 * The request as an anonymous visitor sends it: without the session and the guest marker. A guest's miss is
 * rendered (and kept) as the anonymous page, so the cache never holds anything of a session, whatever its
 * cookies claim.
 */
export function asAnonymous(request: Request): Request {
  const cookies = request.headers.get('cookie');
  if (readCookie(cookies, SESSION_COOKIE) === undefined && readCookie(cookies, GUEST_COOKIE) === undefined) return request;
  const personal = new Set([SESSION_COOKIE, GUEST_COOKIE]);
  const kept = (cookies ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !personal.has(pair.slice(0, pair.indexOf('=')).trim()));
  const headers = new Headers(request.headers);
  if (kept.length > 0) headers.set('cookie', kept.join('; '));
  else headers.delete('cookie');
  return new Request(request.url, { method: request.method, headers });
}

/**
 * The cache key: path and query; the language is in the path. Never the request's Host: canonical links come from
 * the configured origins (ADR 0022), and a Host of the sender's choosing would make keys at will (issue 17). A
 * price group other than the default one (ADR 0020) is a key of its own.
 */
export function pageCacheKey(url: URL, priceGroup?: string): string {
  const page = `${url.pathname}${url.search}`;
  return priceGroup ? `${page} ${priceGroup}` : page;
}

/** Whether a rendered page is the same for every anonymous visitor: 200, HTML, no cookie set, not made from stale data. */
export function isStorable(page: RenderedPage): boolean {
  if (page.status !== 200) return false;
  let html = false;
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase();
    // a page made from a stale GraphQL answer (`x-graphql-cache: stale`, the Store API failed, ADR 0016) is not kept
    if (lower === 'set-cookie' || lower === CACHE_HEADER) return false;
    if (lower === 'content-type' && value.toLowerCase().startsWith('text/html')) html = true;
  }
  return html;
}

/**
 * Whether a page was made from a GraphQL answer that reads something of its visitor (`x-graphql-scope: visitor`,
 * ADR 0020): for a session, neither the anonymous page nor one kept for its price group is right.
 */
export function readsVisitor(page: RenderedPage): boolean {
  return page.headers.some(([name, value]) => name.toLowerCase() === SCOPE_HEADER && value === 'visitor');
}

/** A page a price group's sessions share (ADR 0020): storable, and made from answers of nobody in particular. */
export function isStorableForPriceGroup(page: RenderedPage): boolean {
  return isStorable(page) && !readsVisitor(page);
}

/**
 * PAGE_CACHE_TTL_SECONDS (60; 0 disables), PAGE_CACHE_GUESTS and PAGE_CACHE_PRICE_GROUPS (true),
 * PAGE_CACHE_MAX_ENTRIES (500), PAGE_CACHE_MAX_BYTES (64 MiB).
 */
export function pageCacheOptionsFromEnv(env: NodeJS.ProcessEnv): PageCacheOptions {
  return {
    ttlSeconds: wholeNumberSetting(env, 'PAGE_CACHE_TTL_SECONDS', DEFAULT_PAGE_CACHE_TTL_SECONDS),
    guests: yesNoSetting(env, 'PAGE_CACHE_GUESTS', true),
    priceGroups: yesNoSetting(env, 'PAGE_CACHE_PRICE_GROUPS', true),
    maxEntries: wholeNumberSetting(env, 'PAGE_CACHE_MAX_ENTRIES', DEFAULT_PAGE_CACHE_MAX_ENTRIES),
    maxBytes: wholeNumberSetting(env, 'PAGE_CACHE_MAX_BYTES', DEFAULT_PAGE_CACHE_MAX_BYTES),
  };
}

/** A true/false setting; anything else stops the start with a clear message. */
function yesNoSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlSeconds * 1000;
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<RenderedPage>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let coalesced = 0;

  const remove = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const lookup = (key: string): RenderedPage | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry.page;
  };

  const store = (key: string, page: RenderedPage): void => {
    const size = Buffer.byteLength(page.body, 'utf8');
    if (options.maxEntries === 0 || size > options.maxBytes) return;
    remove(key);
    entries.set(key, { page, bytes: size, expiresAt: now() + ttlMs });
    bytes += size;
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };

  return {
    ttlSeconds: options.ttlSeconds,
    guests: options.guests ?? true,
    priceGroups: options.priceGroups ?? true,
    async serve(key, render, keep = isStorable) {
      if (ttlMs <= 0) {
        misses++;
        return { page: await render(), source: 'miss' };
      }
      const cached = lookup(key);
      if (cached) {
        hits++;
        return { page: cached, source: 'hit' };
      }
      const pending = inflight.get(key);
      if (pending) {
        const shared = await pending.catch(() => undefined);
        if (shared && keep(shared)) {
          coalesced++;
          hits++;
          return { page: shared, source: 'hit' };
        }
        // The other render failed or is not for everyone (a 404, a cookie): this request renders its own.
        misses++;
        const own = await render();
        if (keep(own)) store(key, own);
        return { page: own, source: 'miss' };
      }
      misses++;
      const rendering = render();
      inflight.set(key, rendering);
      try {
        const page = await rendering;
        if (keep(page)) store(key, page);
        return { page, source: 'miss' };
      } finally {
        inflight.delete(key);
      }
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses, coalesced }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
