import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_HEADER } from '../../gateway/src/plugins/response-cache';
import { READY_ANSWER_MS } from '../../gateway/src/ready-answers';
import { openMountedGateway } from '../support/gateway';

// Issue 8 (the cached anonymous query at ≥ 4,000 requests/s): a fresh response-cache hit is kept as bytes for
// READY_ANSWER_MS and answered before yoga, as mounted on the shop's server (gateway/src/mount.ts). Only what the
// response cache itself answered is kept, and nothing a shopper's session, the CSRF rule or the language changes.

let app: Hono;
let close: () => void;

beforeAll(async () => {
  ({ app, close } = await openMountedGateway());
});
afterAll(() => close?.());

const MENU = JSON.stringify({ query: '{ navigation(depth: 1) { name url } }' });

function post(body: string, headers: Record<string, string> = {}) {
  return app.fetch(new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));
}

async function readyAnswersServed(): Promise<number> {
  const text = await (await app.fetch(new Request('http://shop.test/metrics'))).text();
  return Number(/^graphql_response_cache_answers_total\{result="ready"\} (\d+)/m.exec(text)?.[1] ?? '0');
}

/** Asks until the response cache holds a fresh answer and a hit was kept as bytes. */
async function warm(body: string, headers: Record<string, string> = {}) {
  await (await post(body, headers)).text();
  const hit = await post(body, headers);
  expect(hit.headers.get(CACHE_HEADER)).toBe('hit');
  return hit.text();
}

describe('ready answers', () => {
  it('answers the same anonymous query from its kept bytes: the same answer, marked a hit, counted, no internal header', async () => {
    const body = JSON.stringify({ query: '{ navigation(depth: 1) { name url level } }' });
    const kept = await warm(body);
    const before = await readyAnswersServed();
    const ready = await post(body);
    expect(await readyAnswersServed()).toBe(before + 1);
    expect(ready.status).toBe(200);
    expect(ready.headers.get(CACHE_HEADER)).toBe('hit');
    expect(ready.headers.get('content-type')).toContain('application/json');
    expect(ready.headers.get('x-graphql-cache-fresh-until')).toBeNull();
    expect(await ready.text()).toBe(kept);
    expect(JSON.parse(kept).data.navigation.length).toBeGreaterThan(0);
  });

  it('keeps an answer for READY_ANSWER_MS only: later the request goes through yoga again', async () => {
    const body = JSON.stringify({ query: '{ navigation(depth: 1) { name } }' });
    await warm(body);
    await new Promise((resolve) => setTimeout(resolve, READY_ANSWER_MS + 50));
    const before = await readyAnswersServed();
    const again = await post(body);
    expect(again.headers.get(CACHE_HEADER)).toBe('hit'); // from the response cache, through yoga
    expect(await readyAnswersServed()).toBe(before);
  });

  it('never answers a shopper with a session from the kept bytes', async () => {
    await warm(MENU);
    const before = await readyAnswersServed();
    const withSession = await post(MENU, { cookie: 'sw-context-token=ready-answers-test' });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get(CACHE_HEADER)).toBeNull();
    expect(await readyAnswersServed()).toBe(before);
  });

  it('gives each language its own answer', async () => {
    const german = await warm(MENU, { 'x-shop-locale': 'de' });
    const before = await readyAnswersServed();
    const french = await (await post(MENU, { 'x-shop-locale': 'fr' })).text();
    expect(await readyAnswersServed()).toBe(before);
    expect(JSON.parse(french).data.navigation[0].url).toMatch(/^\/fr\//);
    expect(french).not.toBe(german);
  });

  it('still refuses a cookie-carrying GET without a CSRF header, though the same GET without cookies has a kept answer', async () => {
    const url = `http://shop.test/graphql?query=${encodeURIComponent('{ navigation(depth: 1) { name } }')}`;
    const get = (headers: Record<string, string> = {}) => app.fetch(new Request(url, { headers: { accept: 'application/json', ...headers } }));
    await (await get()).text();
    expect((await get()).headers.get(CACHE_HEADER)).toBe('hit');
    const before = await readyAnswersServed();
    expect((await get()).headers.get(CACHE_HEADER)).toBe('hit');
    expect(await readyAnswersServed()).toBe(before + 1);

    const foreign = await get({ cookie: 'i18n_redirected=de' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).errors[0].extensions.code).toBe('CSRF_PREVENTED');
  });

  it('keeps nothing for a query with errors, or a mutation', async () => {
    const bad = JSON.stringify({ query: '{ category(id: "0") { name } }' });
    await (await post(bad)).text();
    await (await post(bad)).text();
    const mutation = JSON.stringify({ query: 'mutation { subscribeNewsletter(input: { email: "not-an-address" }) { status errors { code } } }' });
    const refused = (await (await post(mutation)).json()) as { data: { subscribeNewsletter: { errors: { code: string }[] } } };
    expect(refused.data.subscribeNewsletter.errors.length).toBeGreaterThan(0);
    await (await post(mutation)).text();
    const before = await readyAnswersServed();
    await (await post(bad)).text();
    await (await post(mutation)).text();
    expect(await readyAnswersServed()).toBe(before);
  });
});
