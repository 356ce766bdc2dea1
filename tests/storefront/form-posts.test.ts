import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountFormPosts } from '../../server/formPosts';
import { usePersistedOperations } from '../../server/persistedOperations';
import type { PostedFormState } from '../../storefront/forms/postedForm';
import { readShopOrigins } from '../../store-api/src/shop-origins';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';

// The form kit's server half (server/formPosts.ts, ADR 0023) with the real gateway over the embedded Store API: a
// form post runs the storefront's own persisted mutation; a refusal renders the page again (here: recorded) with
// what was sent, never the password, and the gateway's message in the page's language. The browser journeys are in
// tests/e2e/without-javascript.spec.ts.

let shop: TestGateway;
let app: Hono;
const shownAgain: Array<{ url: string; method: string; formPost: PostedFormState }> = [];

beforeAll(async () => {
  shop = await openTestGateway({ plugins: [usePersistedOperations('persisted_queries.json')] });
  app = new Hono();
  mountFormPosts(app, {
    gateway: shop.gateway,
    logger: pino({ level: 'silent' }),
    origins: readShopOrigins({ PUBLIC_ORIGIN: ORIGIN }),
    redirectAllowList: [],
    renderAgain: async (_c, request, formPost) => {
      shownAgain.push({ url: request.url, method: request.method, formPost });
      return new Response('the page again', { status: formPost.errors === null ? 503 : 422 });
    },
  });
});
afterAll(() => shop?.close());

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) {
  return app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

describe('the login form without JavaScript', () => {
  it('a wrong password: the login page again (GET, same address) with the e-mail kept, no password, the French message', async () => {
    shownAgain.length = 0;
    const answer = await post('/fr/login?redirect=%2Ffr%2Faccount%2Forder', { _form: 'login', email: 'personne@example.ch', password: 'Faux-12345' });
    expect(answer.status).toBe(422);
    expect(shownAgain).toHaveLength(1);
    const [again] = shownAgain;
    expect(again).toMatchObject({ url: `${ORIGIN}/fr/login?redirect=%2Ffr%2Faccount%2Forder`, method: 'GET' });
    expect(again!.formPost).toEqual({
      form: 'login',
      values: { email: 'personne@example.ch' },
      problems: {},
      errors: [expect.objectContaining({ code: 'LOGIN_FAILED', message: 'Nom d’utilisateur ou mot de passe invalide' })],
    });
    expect(JSON.stringify(again!.formPost)).not.toContain('Faux-12345');
  });

  it('a field left empty: the SPEC §5 problem, and the Store API is not asked', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    expect((await post('/login', { _form: 'login', email: 'nora@example.ch', password: '' })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toMatchObject({ values: { email: 'nora@example.ch' }, problems: { password: 'required' }, errors: [] });
    expect(shop.storeCalls.count).toBe(0);
  });

  it('refuses posts from foreign pages (in the page’s language), other encodings, oversized and unknown forms, before anything runs', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    const foreign = await post('/it/login', { email: 'a@example.ch', password: 'x' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/^Rifiutato: questo modulo può essere inviato solo dalle pagine del negozio/);
    expect((await post('/login', { email: 'a@example.ch', password: 'x' }, {})).status).toBe(403);
    const json = await app.fetch(new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{}' }));
    expect(json.status).toBe(415);
    expect((await post('/login', { email: 'a@example.ch', password: 'x'.repeat(20_000) })).status).toBe(413);
    expect(shownAgain).toHaveLength(0);
    expect(shop.storeCalls.count).toBe(0);
  });
});
