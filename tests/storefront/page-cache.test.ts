import { describe, expect, it } from 'vitest';
import {
  asAnonymous,
  createPageCache,
  isCacheableRequest,
  isCatalogPath,
  isStorable,
  isStorableForPriceGroup,
  pageCacheKey,
  pageCacheOptionsFromEnv,
  type PageCacheOptions,
  type RenderedPage,
} from '../../server/pageCache';
import { SCOPE_HEADER } from '../../gateway/src/plugins/answer-scope';

// ADR 0011: the page cache of anonymous catalogue pages — TTL, LRU bounds, request coalescing, and what
// is never kept.

const html = (body: string, extra: [string, string][] = []): RenderedPage => ({ status: 200, headers: [['content-type', 'text/html;charset=utf-8'], ...extra], body });

function clock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

function cacheWith(overrides: Partial<PageCacheOptions> = {}) {
  const time = clock();
  const cache = createPageCache({ ttlSeconds: 60, maxEntries: 500, maxBytes: 1_000_000, now: time.now, ...overrides });
  let renders = 0;
  const render = (body: string, page?: Partial<RenderedPage>) => async () => {
    renders++;
    return { ...html(body), ...page };
  };
  return { cache, time, render, renders: () => renders };
}

describe('page cache: TTL', () => {
  it('renders once and answers from the cache until the TTL is over, then renders again', async () => {
    const { cache, time, render, renders } = cacheWith();
    expect(await cache.serve('shop/p1', render('v1'))).toMatchObject({ source: 'miss', page: { body: 'v1' } });
    time.advance(59_000);
    expect(await cache.serve('shop/p1', render('v2'))).toMatchObject({ source: 'hit', page: { body: 'v1' } });
    time.advance(1_000);
    expect(await cache.serve('shop/p1', render('v3'))).toMatchObject({ source: 'miss', page: { body: 'v3' } });
    expect(renders()).toBe(2);
  });

  it('TTL 0 disables it: every request renders', async () => {
    const { cache, render, renders } = cacheWith({ ttlSeconds: 0 });
    await cache.serve('k', render('a'));
    expect((await cache.serve('k', render('b'))).source).toBe('miss');
    expect(renders()).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('reads its settings from the environment, 60 s by default; nonsense is refused', () => {
    expect(pageCacheOptionsFromEnv({})).toEqual({ ttlSeconds: 60, guests: true, priceGroups: true, maxEntries: 500, maxBytes: 64 * 1024 * 1024 });
    expect(pageCacheOptionsFromEnv({ PAGE_CACHE_GUESTS: 'false' }).guests).toBe(false);
    expect(() => pageCacheOptionsFromEnv({ PAGE_CACHE_GUESTS: 'yes' })).toThrow(/PAGE_CACHE_GUESTS must be true or false/);
    expect(pageCacheOptionsFromEnv({ PAGE_CACHE_TTL_SECONDS: '0' }).ttlSeconds).toBe(0);
    expect(pageCacheOptionsFromEnv({ PAGE_CACHE_TTL_SECONDS: '15', PAGE_CACHE_MAX_ENTRIES: '20' })).toMatchObject({ ttlSeconds: 15, maxEntries: 20 });
    expect(() => pageCacheOptionsFromEnv({ PAGE_CACHE_TTL_SECONDS: 'soon' })).toThrow(/PAGE_CACHE_TTL_SECONDS/);
    expect(() => pageCacheOptionsFromEnv({ PAGE_CACHE_TTL_SECONDS: '-1' })).toThrow(/PAGE_CACHE_TTL_SECONDS/);
  });
});

describe('page cache: bounded LRU', () => {
  it('drops the least recently used entry past the entry limit', async () => {
    const { cache, render } = cacheWith({ maxEntries: 2 });
    await cache.serve('a', render('A'));
    await cache.serve('b', render('B'));
    expect((await cache.serve('a', render('A2'))).source).toBe('hit'); // a is now the most recent
    await cache.serve('c', render('C'));
    expect(cache.stats().entries).toBe(2);
    expect((await cache.serve('a', render('A3'))).source).toBe('hit');
    expect((await cache.serve('b', render('B2'))).source).toBe('miss');
  });

  it('keeps the bodies within the byte budget and never keeps a page larger than the budget', async () => {
    const { cache, render } = cacheWith({ maxBytes: 250 });
    await cache.serve('a', render('x'.repeat(100)));
    await cache.serve('b', render('y'.repeat(100)));
    await cache.serve('c', render('z'.repeat(100)));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 200 });
    expect((await cache.serve('a', render('again'))).source).toBe('miss');
    await cache.serve('huge', render('ü'.repeat(200))); // 400 bytes in UTF-8
    expect((await cache.serve('huge', render('small'))).source).toBe('miss');
    expect(cache.stats().bytes).toBeLessThanOrEqual(250);
  });
});

describe('page cache: request coalescing', () => {
  it('concurrent misses of one key render once and all get the page', async () => {
    const { cache } = cacheWith();
    let renders = 0;
    let finish!: (page: RenderedPage) => void;
    const slow = () => {
      renders++;
      return new Promise<RenderedPage>((resolve) => (finish = resolve));
    };
    const answers = Array.from({ length: 10 }, () => cache.serve('shop/p1', slow));
    finish(html('once'));
    const results = await Promise.all(answers);
    expect(renders).toBe(1);
    expect(results.map((r) => r.page.body)).toEqual(Array(10).fill('once'));
    expect(results.filter((r) => r.source === 'miss')).toHaveLength(1);
    expect(cache.stats().coalesced).toBe(9);
  });

  it('when the shared render is not for everyone (a 404) or fails, each waiting request renders its own', async () => {
    const { cache } = cacheWith();
    let finish!: (page: RenderedPage) => void;
    const first = cache.serve('k', () => new Promise<RenderedPage>((resolve) => (finish = resolve)));
    const second = cache.serve('k', async () => html('own'));
    finish({ ...html('missing'), status: 404 });
    expect((await first).page.status).toBe(404);
    expect(await second).toMatchObject({ source: 'miss', page: { body: 'own' } });

    let fail!: (error: Error) => void;
    const failing = cache.serve('f', () => new Promise<RenderedPage>((_, reject) => (fail = reject)));
    const waiting = cache.serve('f', async () => html('recovered'));
    fail(new Error('gateway down'));
    await expect(failing).rejects.toThrow('gateway down');
    expect((await waiting).page.body).toBe('recovered');
    expect((await cache.serve('f', async () => html('later'))).source).toBe('hit');
  });
});

describe('page cache: a price group’s pages (ADR 0020)', () => {
  const visitorPage = (body: string) => html(body, [[SCOPE_HEADER, 'visitor']]);

  it('keeps a page for its group only when no answer of it read the visitor', async () => {
    const { cache, render, renders } = cacheWith();
    expect((await cache.serve('p1 group:insured', render('product'), isStorableForPriceGroup)).source).toBe('miss');
    expect(await cache.serve('p1 group:insured', render('again'), isStorableForPriceGroup)).toMatchObject({ source: 'hit', page: { body: 'product' } });
    expect(renders()).toBe(1);
    // a page with a poll: each session's own vote, never kept for the group
    expect((await cache.serve('p2 group:insured', async () => visitorPage('vote'), isStorableForPriceGroup)).source).toBe('miss');
    expect(await cache.serve('p2 group:insured', async () => visitorPage('other vote'), isStorableForPriceGroup)).toMatchObject({ source: 'miss', page: { body: 'other vote' } });
    expect(cache.stats().entries).toBe(1);
  });

  it('never hands a waiting session the page another session is rendering with its own answers', async () => {
    const { cache } = cacheWith();
    let finish!: (page: RenderedPage) => void;
    const first = cache.serve('k group:insured', () => new Promise<RenderedPage>((resolve) => (finish = resolve)), isStorableForPriceGroup);
    const second = cache.serve('k group:insured', async () => visitorPage('mine'), isStorableForPriceGroup);
    finish(visitorPage('theirs'));
    expect((await first).page.body).toBe('theirs');
    expect(await second).toMatchObject({ source: 'miss', page: { body: 'mine' } });
    expect(cache.stats().entries).toBe(0);
  });
});

describe('page cache: what is never kept', () => {
  it('keeps only 200 HTML answers without Set-Cookie', async () => {
    expect(isStorable(html('ok'))).toBe(true);
    expect(isStorable({ ...html('gone'), status: 404 })).toBe(false);
    expect(isStorable({ ...html('timeout'), status: 408 })).toBe(false);
    expect(isStorable({ ...html('moved'), status: 301 })).toBe(false);
    expect(isStorable(html('session', [['set-cookie', 'sw-context-token=abc; Path=/']]))).toBe(false);
    expect(isStorable({ status: 200, headers: [['content-type', 'application/json']], body: '{}' })).toBe(false);
    const { cache, render, renders } = cacheWith();
    await cache.serve('k', render('with cookie', { headers: [['content-type', 'text/html'], ['Set-Cookie', 'x=1']] }));
    await cache.serve('k', render('with cookie'));
    expect(renders()).toBe(2);
  });

  it('catalogue paths in every language are cacheable; personal pages never', () => {
    for (const path of ['/', '/it', '/fr', '/medikamente/schmerzen-fieber', '/fr/aarevita-vitamine-d3-capsules-60-capsules/p101234', '/search', '/it/search', '/t/bestseller', '/it/marche', '/agb']) {
      expect(isCatalogPath(path), path).toBe(true);
    }
    for (const path of [
      '/checkout',
      '/checkout/cart',
      '/fr/checkout/success/abc',
      '/account',
      '/it/account/order',
      '/login',
      '/fr/register',
      '/registration/confirm',
      '/wishlist',
      '/newsletter-subscribe',
      '/it/newsletter-unsubscribe',
      '/reset-password',
      '/payment-provider/return',
      '/Checkout',
      '/medikamente.pageContext.json',
    ]) {
      expect(isCatalogPath(path), path).toBe(false);
    }
  });

  it('a request with the session cookie, or not a GET, is never served from the cache', () => {
    const request = (path: string, init: RequestInit = {}) => new Request(`http://shop.test${path}`, init);
    expect(isCacheableRequest(request('/medikamente'))).toBe(true);
    expect(isCacheableRequest(request('/medikamente', { headers: { cookie: 'i18n_redirected=fr; sw-language-id=abc' } }))).toBe(true);
    expect(isCacheableRequest(request('/medikamente', { headers: { cookie: 'i18n_redirected=fr; sw-context-token=abc' } }))).toBe(false);
    expect(isCacheableRequest(request('/medikamente', { method: 'POST' }))).toBe(false);
    expect(isCacheableRequest(request('/checkout/cart'))).toBe(false);
  });

  it('a guest’s session (the gateway’s shop-guest=1) is served from the cache unless PAGE_CACHE_GUESTS is off (ADR 0019)', () => {
    const request = (cookie: string) => new Request('http://shop.test/medikamente', { headers: { cookie } });
    expect(isCacheableRequest(request('sw-context-token=abc; shop-guest=1'), { guests: true })).toBe(true);
    expect(isCacheableRequest(request('sw-context-token=abc; shop-guest=1'), { guests: false })).toBe(false);
    expect(isCacheableRequest(request('sw-context-token=abc; shop-guest=1'))).toBe(false);
    // only the marker's own value counts
    for (const cookie of ['sw-context-token=abc; shop-guest=', 'sw-context-token=abc; shop-guest=0', 'sw-context-token=abc; xshop-guest=1', 'sw-context-token=abc']) {
      expect(isCacheableRequest(request(cookie), { guests: true }), cookie).toBe(false);
    }
    expect(isCacheableRequest(new Request('http://shop.test/checkout/cart', { headers: { cookie: 'sw-context-token=abc; shop-guest=1' } }), { guests: true })).toBe(false);
  });

  it('renders a guest’s miss as the anonymous page: the session and the marker are taken off the request', () => {
    const guest = new Request('http://shop.test/medikamente?p=2', { headers: { cookie: 'i18n_redirected=fr; sw-context-token=abc; shop-guest=1; cart_hint=1', 'accept-language': 'fr' } });
    const anonymous = asAnonymous(guest);
    expect(anonymous.url).toBe(guest.url);
    expect(anonymous.headers.get('cookie')).toBe('i18n_redirected=fr; cart_hint=1');
    expect(anonymous.headers.get('accept-language')).toBe('fr');
    expect(asAnonymous(new Request('http://shop.test/', { headers: { cookie: 'sw-context-token=abc; shop-guest=1' } })).headers.get('cookie')).toBeNull();
    const visitor = new Request('http://shop.test/', { headers: { cookie: 'i18n_redirected=de' } });
    expect(asAnonymous(visitor)).toBe(visitor);
  });

  it('keys by path and query, never by the request’s host', () => {
    expect(pageCacheKey(new URL('http://Shop.test/fr/search?search=a&p=2'))).toBe('/fr/search?search=a&p=2');
    expect(pageCacheKey(new URL('http://evil.example/fr/search?search=a&p=2'))).toBe('/fr/search?search=a&p=2');
    expect(pageCacheKey(new URL('http://shop.test/search?search=a'))).not.toBe(pageCacheKey(new URL('http://shop.test/search?search=b')));
  });
});
