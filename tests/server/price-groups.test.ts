import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSharedByPriceGroup, SCOPE_HEADER, VISITOR_FIELDS } from '../../gateway/src/plugins/answer-scope';
import { gatewaySchema } from '../../gateway/src/schema';
import { INSURED_GROUP_ID } from '../../store-api/src/domain/insurer';
import { isStorable, isStorableForPriceGroup, pageCacheKey, pageCacheOptionsFromEnv, readsVisitor } from '../../server/pageCache';
import { createPriceGroupLookup, DEFAULT_PRICE_GROUP, priceGroupOfContext } from '../../server/priceGroup';
import { openAccountGateway, registeredCustomer, type AccountGateway } from '../gateway/account-gateway';

// ADR 0020: a customer's catalogue pages are those of their price group. The gateway marks the answers of a
// session that read something of the visitor (`x-graphql-scope: visitor`); the server reads a session's price
// group from the REAL embedded Store API's /context; the page cache keys by it and never keeps a marked page.

const schema = gatewaySchema();
const persisted = JSON.parse(readFileSync('persisted_queries.json', 'utf8')) as Record<string, string>;
/** The storefront's persisted query of that name (relay-compiler's text). */
function storefrontQuery(name: string): string {
  const text = Object.values(persisted).find((query) => new RegExp(`^query ${name}\\b`, 'm').test(query));
  if (!text) throw new Error(`no persisted query ${name}`);
  return text;
}

describe('which operations a price group shares', () => {
  it('shares the catalogue pages’ queries and not the personal ones', () => {
    for (const name of ['RoutePageQuery', 'SearchPageQuery', 'BestsellerPageQuery', 'ShellPageQuery', 'BrandPageQuery']) {
      expect(isSharedByPriceGroup(schema, parse(storefrontQuery(name))), name).toBe(true);
    }
    // the poll's vote, the insurer status, the account, the cart, the wishlist
    for (const name of ['EditorialPageQuery', 'InsurerPageQuery', 'AccountPageQuery', 'CartPageQuery', 'WishlistPageQuery', 'cartCountQuery']) {
      expect(isSharedByPriceGroup(schema, parse(storefrontQuery(name))), name).toBe(false);
    }
  });

  it('looks into fragments and refuses mutations and unknown fields', () => {
    expect(isSharedByPriceGroup(schema, parse('query { context { loggedIn } }'))).toBe(false);
    expect(isSharedByPriceGroup(schema, parse('query { context { navigationCategoryId } }'))).toBe(true);
    expect(isSharedByPriceGroup(schema, parse('query { ...Mine } fragment Mine on Query { viewer { email } }'))).toBe(false);
    expect(isSharedByPriceGroup(schema, parse('mutation { logout { errors { code } } }'))).toBe(false);
    expect(isSharedByPriceGroup(schema, parse('query { noSuchField }'))).toBe(false);
    expect(isSharedByPriceGroup(schema, parse('fragment OnlyAFragment on Query { __typename }'))).toBe(false);
  });

  it('names only fields the schema has', () => {
    for (const coordinate of VISITOR_FIELDS) {
      const [type, field] = coordinate.split('.') as [string, string];
      const named = schema.getType(type) as { getFields?: () => Record<string, unknown> } | undefined;
      expect(named?.getFields?.()[field], coordinate).toBeDefined();
    }
  });
});

describe('the gateway and the Store API', () => {
  let gw: AccountGateway;
  beforeAll(async () => {
    gw = await openAccountGateway();
  }, 60_000);
  afterAll(() => gw?.close());
  const lookup = () => createPriceGroupLookup(gw.target, pino({ level: 'silent' }));

  it('marks every answer of an operation that reads the visitor, with a session or without', async () => {
    const { shopper } = await registeredCustomer(gw);
    const personal = await shopper.gql('{ viewer { email } }');
    expect(personal.body.data.viewer.email).toContain('@');
    expect(personal.headers.get(SCOPE_HEADER)).toBe('visitor');
    const catalogue = await shopper.gql('{ context { navigationCategoryId } }');
    expect(catalogue.headers.get(SCOPE_HEADER)).toBeNull();
    // Without a session the answer is everybody's, but a session must not be given a page made from it.
    const anonymous = await gw.gql('{ viewer { email } }');
    expect(anonymous.headers.get(SCOPE_HEADER)).toBe('visitor');
  });

  it('reads the default group for a new session and a customer’s own group after an insurer verification', async () => {
    const { shopper, email } = await registeredCustomer(gw);
    const token = shopper.cookies['sw-context-token']!;
    expect(await lookup()(token)).toBe(DEFAULT_PRICE_GROUP);
    // An unknown token is a fresh, anonymous context: the shop's prices.
    expect(await lookup()('x'.repeat(32))).toBe(DEFAULT_PRICE_GROUP);
    gw.shop.db.prepare('UPDATE customer SET customer_group_id = ? WHERE email = ?').run(INSURED_GROUP_ID, email);
    const insured = await lookup()(token);
    expect(insured).toMatch(new RegExp(`^group:${INSURED_GROUP_ID};currency:[0-9a-f]{32};country:[0-9a-f]{32}$`));
    expect(pageCacheKey(new URL('http://shop.test/p/1?x=1'), insured)).toBe(`/p/1?x=1 ${insured}`);
  });

  it('gives up within its deadline and on failures, so the page renders for the session', async () => {
    const hanging = { ...gw.target, fetch: () => new Promise<Response>(() => {}) };
    const started = Date.now();
    expect(await createPriceGroupLookup(hanging, pino({ level: 'silent' }), 200)('x'.repeat(32))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
    const failing = { ...gw.target, fetch: () => Promise.reject(new TypeError('fetch failed')) };
    expect(await createPriceGroupLookup(failing, pino({ level: 'silent' }))('x'.repeat(32))).toBeUndefined();
  });
});

describe('the price group of a context answer', () => {
  const channel = { customerGroupId: 'g0', currencyId: 'chf', countryId: 'ch' };
  const context = { currentCustomerGroup: { id: 'g0' }, currency: { id: 'chf' }, shippingLocation: { country: { id: 'ch' } }, salesChannel: channel };
  it('is default only when group, currency and country are the channel’s', () => {
    expect(priceGroupOfContext(context)).toBe(DEFAULT_PRICE_GROUP);
    expect(priceGroupOfContext({ ...context, customer: { groupId: 'insured' } })).toBe('group:insured;currency:chf;country:ch');
    expect(priceGroupOfContext({ ...context, shippingLocation: { country: { id: 'li' } } })).toBe('group:g0;currency:chf;country:li');
    expect(priceGroupOfContext({ ...context, currency: { id: 'eur' } })).toBe('group:g0;currency:eur;country:ch');
    expect(priceGroupOfContext({ ...context, currency: null })).toBeUndefined();
  });
});

describe('the page cache’s side', () => {
  it('keeps a page made from a visitor’s answer for anonymous visitors only, and can be turned off', () => {
    const page = { status: 200, headers: [['content-type', 'text/html; charset=utf-8']] as [string, string][], body: '<html></html>' };
    const visitorPage = { ...page, headers: [...page.headers, [SCOPE_HEADER, 'visitor']] as [string, string][] };
    expect([isStorable(page), isStorableForPriceGroup(page), readsVisitor(page)]).toEqual([true, true, false]);
    expect([isStorable(visitorPage), isStorableForPriceGroup(visitorPage), readsVisitor(visitorPage)]).toEqual([true, false, true]);
    expect(pageCacheOptionsFromEnv({}).priceGroups).toBe(true);
    expect(pageCacheOptionsFromEnv({ PAGE_CACHE_PRICE_GROUPS: 'false' }).priceGroups).toBe(false);
    expect(() => pageCacheOptionsFromEnv({ PAGE_CACHE_PRICE_GROUPS: 'sometimes' })).toThrow('PAGE_CACHE_PRICE_GROUPS must be true or false');
  });
});
