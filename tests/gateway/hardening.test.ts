import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_QUERY, PRODUCT_PAGE_QUERY } from '../../bench/gateway-queries';
import { countTokens, PRODUCTION_QUERY_LIMITS, readQueryLimits, TRUSTED_QUERY_LIMITS } from '../../gateway/src/plugins/query-limits';
import { GRAPHIQL_TABS } from '../../gateway/src/graphiql-tabs';
import { internalGatewayRequest, usePersistedOperations } from '../../server/persistedOperations';
import { gatewayRequestBody } from '../../storefront/platform/relay/gatewayFetch';
import { openTestGateway, type GqlResult, type TestGateway } from '../support/gateway';
import { failingSchema } from './server-schema';

// Issue 8 item 1: GraphQL hardening in production mode (NODE_ENV=production). Arbitrary operations are held
// to depth 8, 15 aliases, 1,000 tokens, a cost of 2,500 and list sizes of 100, each refused with a message
// naming the limit and the measured value before anything runs (no Store API call); the storefront's
// persisted operations are trusted; GRAPHQL_PERSISTED_ONLY turns the persisted ids into an allow-list;
// introspection and suggestions are off on a public host unless GRAPHIQL=true; errors are masked with an id; no batching.

/** production on a public host: GraphiQL, introspection and suggestions default to off there (issue 17) */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.apotheke.example' };
const CATEGORY = '0123456789abcdef0123456789abcdef';

function nested(field: string, levels: number, leaf: string): string {
  return levels === 0 ? leaf : `${field} { ${nested(field, levels - 1, leaf)} }`;
}

const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ');

/** A refusal: no data, one error with the code, no Store API call made. */
function expectRefused(result: GqlResult, code: string): string {
  expect(result.body.data ?? undefined).toBeUndefined();
  expect(result.body.errors, JSON.stringify(result.body.errors)).toHaveLength(1);
  const error = result.body.errors![0]!;
  expect(error.extensions?.code, error.message).toBe(code);
  expect(result.storeCalls).toBe(0);
  return error.message;
}

function expectPassed(result: GqlResult): void {
  const refusals = (result.body.errors ?? []).filter((error) => /^(QUERY_|PERSISTED_|BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED)/.test(String(error.extensions?.code)));
  expect(refusals, JSON.stringify(refusals)).toEqual([]);
}

async function metricsText(gw: TestGateway): Promise<string> {
  return (await gw.metrics.respond()).text();
}

let production: TestGateway;
beforeAll(async () => {
  production = await openTestGateway({ env: PRODUCTION });
});
afterAll(() => production?.close());

describe('limits of arbitrary operations in production', () => {
  it('are depth 8, cost 2,500, 15 aliases and 1,000 tokens, overridable from the environment; development keeps issue 3’s', () => {
    expect(PRODUCTION_QUERY_LIMITS).toEqual({ depth: 8, complexity: 2_500, aliases: 15, tokens: 1_000 });
    expect(readQueryLimits(PRODUCTION)).toEqual(PRODUCTION_QUERY_LIMITS);
    expect(readQueryLimits({ ...PRODUCTION, GRAPHQL_MAX_TOKENS: '2000', GRAPHQL_MAX_DEPTH: '10' })).toEqual({ ...PRODUCTION_QUERY_LIMITS, tokens: 2_000, depth: 10 });
    expect(readQueryLimits({ NODE_ENV: 'development' })).toEqual({ depth: 15, complexity: 10_000, aliases: 30 });
    expect(() => readQueryLimits({ GRAPHQL_MAX_TOKENS: 'many' })).toThrow(/GRAPHQL_MAX_TOKENS must be a positive whole number/);
  });

  it('accept depth 8 and refuse depth 9, naming the limit and the depth', async () => {
    // category (1) › parent × n › name: depth n + 2
    expectPassed(await production.gql(`{ category(id: "${CATEGORY}") { ${nested('parent', 6, 'name')} } }`));
    const refused = await production.gql(`{ category(id: "${CATEGORY}") { ${nested('parent', 7, 'name')} } }`);
    expect(expectRefused(refused, 'QUERY_DEPTH')).toBe('Query depth of 9 exceeds max depth of 8');
  });

  it('accept 15 aliases and refuse 16, fragments counted where spread', async () => {
    expectPassed(await production.gql(`{ ${aliases(15)} }`));
    expect(expectRefused(await production.gql(`{ ${aliases(16)} }`), 'QUERY_ALIASES')).toBe('Query uses 16 aliases, more than the limit of 15.');
    const spread = `fragment Eight on Query { ${aliases(8)} } { ...Eight ... on Query { ...Eight } }`;
    expect(expectRefused(await production.gql(spread), 'QUERY_ALIASES')).toBe('Query uses 16 aliases, more than the limit of 15.');
  });

  it('accept 1,000 tokens and refuse 1,001 before parsing', async () => {
    // A filter of n brand ids: 19 + n tokens; comments and commas are not tokens.
    const brands = (n: number) =>
      `# ${'comment '.repeat(200)}\n{ listing(categoryId: "${CATEGORY}", filters: { brandIds: [${Array.from({ length: n }, (_, i) => `"${String(i).padStart(32, '0')}"`).join(', ')}] }) { total } }`;
    expect(countTokens(brands(981), 10_000)).toBe(1_000);
    expectPassed(await production.gql(brands(981)));
    expect(countTokens(brands(982), 10_000)).toBe(1_001);
    const refused = await production.gql(brands(982));
    expect(expectRefused(refused, 'QUERY_TOKENS')).toBe('Query has 1001 tokens, more than the limit of 1000.');
    // A huge document is counted only so far (ten times the limit).
    const huge = await production.gql(`{ ${'__typename '.repeat(50_000)}}`);
    expect(expectRefused(huge, 'QUERY_TOKENS')).toBe('Query has at least 10000 tokens, more than the limit of 1000.');
  });

  it('accept a cost of 2,500 and refuse 2,501', async () => {
    // shelf(size: n) { name } costs 1 + n (a list field sized by its argument, as Pothos costs them).
    const costed = await openTestGateway({ env: PRODUCTION, schema: failingSchema });
    try {
      const query = 'query Shelf($size: Int) { shelf(size: $size) { name } }';
      const ok = await costed.gql(query, { size: 2_499 });
      expect(ok.body.errors).toBeUndefined();
      expect(ok.body.data.shelf).toHaveLength(2_499);
      const refused = await costed.gql(query, { size: 2_500 });
      expect(expectRefused(refused, 'QUERY_COMPLEXITY')).toBe('Query complexity of 2501 exceeds max complexity of 2500');
    } finally {
      costed.close();
    }
  });

  it('let the bench’s product-page and 24-product listing queries through (what another channel typically asks)', async () => {
    const product = await production.gql(PRODUCT_PAGE_QUERY, { id: CATEGORY });
    expectPassed(product);
    const listing = await production.gql(LISTING_QUERY, { categoryId: CATEGORY });
    expectPassed(listing);
  });

  it('accept first: 100 and refuse first: 101 (literal or variable) before any Store API call', async () => {
    const ok = await production.gql('{ pharmacies(first: 100) { id } }');
    expect(ok.body.errors).toBeUndefined();
    expect(ok.storeCalls).toBeGreaterThan(0);
    expect(expectRefused(await production.gql('{ pharmacies(first: 101) { id } }'), 'BAD_USER_INPUT')).toBe(
      'first of Query.pharmacies asks for 101 items, more than the limit of 100.',
    );
    const byVariable = await production.gql('query Near($n: Int) { pharmacies(first: $n) { id } }', { n: 101 });
    expect(expectRefused(byVariable, 'BAD_USER_INPUT')).toMatch(/asks for 101 items, more than the limit of 100\.$/);
    const limit = await production.gql('{ searchSuggest(term: "tee", limit: 101) { total } }');
    expect(expectRefused(limit, 'BAD_USER_INPUT')).toBe('limit of Query.searchSuggest asks for 101 items, more than the limit of 100.');
  });

  it('count refusals by reason in the metrics, and the operations as invalid', async () => {
    const gw = await openTestGateway({ env: PRODUCTION });
    try {
      await gw.gql(`query TooDeep { category(id: "${CATEGORY}") { ${nested('parent', 7, 'name')} } }`);
      await gw.gql(`{ ${'__typename '.repeat(1_000)}}`);
      await gw.gql('{ pharmacies(first: 101) { id } }');
      const text = await metricsText(gw);
      expect(text).toMatch(/^graphql_refused_operations_total\{reason="depth"\} 1$/m);
      expect(text).toMatch(/^graphql_refused_operations_total\{reason="tokens"\} 1$/m);
      expect(text).toMatch(/^graphql_refused_operations_total\{reason="list_size"\} 1$/m);
      expect(text).toMatch(/^graphql_operations_total\{operation="TooDeep",outcome="invalid"\} 1$/m);
    } finally {
      gw.close();
    }
  });
});

describe('persisted operations', () => {
  // Deeper than 8 and over the token limit: only the trusted limits let it through.
  const deep = `query DeepCategory { category(id: "${CATEGORY}") { ${nested('parent', 10, 'name')} } }`;
  const languages = 'query LanguagesQuery { languages { locale } }';
  const DEEP_ID = 'd'.repeat(64);
  const LANGUAGES_ID = 'e'.repeat(64);
  let file: string;

  beforeAll(() => {
    file = join(mkdtempSync(join(tmpdir(), 'persisted-')), 'persisted_queries.json');
    writeFileSync(file, JSON.stringify({ [DEEP_ID]: deep, [LANGUAGES_ID]: languages }));
  });

  async function send(gw: TestGateway, body: Record<string, unknown>): Promise<GqlResult> {
    gw.storeCalls.reset();
    const response = await gw.fetch(new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as GqlResult['body'], headers: response.headers, storeCalls: gw.storeCalls.count };
  }
  const byId = (id: string, extra: Record<string, unknown> = {}) => ({ variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: id } }, ...extra });

  it('are trusted: the storefront’s own keep depth 15 and 30 aliases, and their cost is not limited', async () => {
    expect(TRUSTED_QUERY_LIMITS).toEqual({ depth: 15, aliases: 30 });
    const gw = await openTestGateway({ env: PRODUCTION, plugins: [usePersistedOperations(file)] });
    try {
      expectPassed(await send(gw, byId(DEEP_ID)));
      // The same shape, not compiled by us: held to the limits of arbitrary operations.
      expect(expectRefused(await send(gw, { query: deep.replace('DeepCategory', 'Foreign') }), 'QUERY_DEPTH')).toBe('Query depth of 12 exceeds max depth of 8');
    } finally {
      gw.close();
    }
  });

  it('run every operation of the real storefront build by id within the trusted limits', async () => {
    const real = JSON.parse(readFileSync('persisted_queries.json', 'utf8')) as Record<string, string>;
    const gw = await openTestGateway({ env: { ...PRODUCTION, GRAPHQL_PERSISTED_ONLY: 'true' }, plugins: [usePersistedOperations('persisted_queries.json')] });
    try {
      const deepest = Object.entries(real).find(([, text]) => text.startsWith('query RoutePageQuery'));
      expect(deepest).toBeDefined();
      const result = await send(gw, byId(deepest![0], { variables: { path: '/', locale: 'DE', withListing: false } }));
      expectPassed(result);
      expect(result.status).toBe(200);
    } finally {
      gw.close();
    }
  });

  describe('GRAPHQL_PERSISTED_ONLY=true', () => {
    let only: TestGateway;
    beforeAll(async () => {
      only = await openTestGateway({ env: { ...PRODUCTION, GRAPHQL_PERSISTED_ONLY: 'true' }, plugins: [usePersistedOperations(file)] });
    });
    afterAll(() => only?.close());

    it('runs an operation sent by a known id', async () => {
      const result = await send(only, byId(LANGUAGES_ID));
      expect(result.status).toBe(200);
      expect(result.body.errors).toBeUndefined();
      expect(result.body.data.languages.map((language: { locale: string }) => language.locale)).toEqual(['DE', 'IT', 'FR']);
    });

    it('runs the stored text of a known id, whatever text came along', async () => {
      const result = await send(only, byId(LANGUAGES_ID, { query: '{ boom: __typename }' }));
      expect(result.body.data.languages).toHaveLength(3);
      // The storefront's own body (id and text) as server/cartForms.ts sends it.
      const relay = await send(only, JSON.parse(gatewayRequestBody({ id: LANGUAGES_ID, text: languages, variables: {} })) as Record<string, unknown>);
      expect(relay.body.data.languages).toHaveLength(3);
    });

    it('refuses any document text, even a persisted operation’s own text, before parsing', async () => {
      for (const query of ['{ languages { locale } }', languages, '{ this is not graphql']) {
        const result = await send(only, { query });
        expect(result.status).toBe(400);
        expect(expectRefused(result, 'PERSISTED_QUERY_ONLY')).toMatch(/^This server runs only persisted operations \(GRAPHQL_PERSISTED_ONLY\)/);
      }
    });

    it('refuses an unknown id, even with a text', async () => {
      const unknown = 'b'.repeat(64);
      const result = await send(only, byId(unknown, { query: languages }));
      expect(result.status).toBe(400);
      expect(expectRefused(result, 'PERSISTED_QUERY_NOT_FOUND')).toBe('Persisted operation bbbbbbbbbbbbbbbb… is not known to this server (an older or foreign build?); send a known id.');
    });

    it('counts the refusals in the metrics', async () => {
      const gw = await openTestGateway({ env: { ...PRODUCTION, GRAPHQL_PERSISTED_ONLY: 'true' }, plugins: [usePersistedOperations(file)] });
      try {
        await send(gw, { query: languages });
        await send(gw, { query: '{ __typename }' });
        await send(gw, byId('c'.repeat(64)));
        const text = await metricsText(gw);
        // and openTestGateway's own `{ __typename }` at start
        expect(text).toMatch(/^graphql_refused_operations_total\{reason="persisted_only"\} 3$/m);
        expect(text).toMatch(/^graphql_refused_operations_total\{reason="persisted_not_found"\} 1$/m);
      } finally {
        gw.close();
      }
    });

    it('runs a request the server’s own code marks as internal (the sitemap’s language list)', async () => {
      const request = new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ languages { id locale } }' }) });
      const response = await only.fetch(internalGatewayRequest(request));
      const body = (await response.json()) as GqlResult['body'];
      expect(body.errors).toBeUndefined();
      expect(body.data.languages).toHaveLength(3);
    });

    it('refuses everything when no allow-list is installed (closed, not open)', async () => {
      const bare = await openTestGateway({ env: { ...PRODUCTION, GRAPHQL_PERSISTED_ONLY: 'true' } }).catch((error: unknown) => error);
      // openTestGateway itself sends `{ __typename }` as text: the language list is read at start regardless.
      expect(bare).not.toBeInstanceOf(Error);
      const gw = bare as TestGateway;
      try {
        expectRefused(await send(gw, { query: '{ __typename }' }), 'PERSISTED_QUERY_ONLY');
        expectRefused(await send(gw, byId(LANGUAGES_ID)), 'PERSISTED_QUERY_NOT_FOUND');
      } finally {
        gw.close();
      }
    });
  });

  it('off (the default): arbitrary operations run under the limits, an unknown id is refused clearly', async () => {
    const open = await openTestGateway({ env: PRODUCTION, plugins: [usePersistedOperations(file)] });
    try {
      const text = await send(open, { query: '{ languages { locale } }' });
      expect(text.body.data.languages).toHaveLength(3);
      const unknown = await send(open, byId('b'.repeat(64)));
      expect(unknown.status).toBe(400);
      expect(expectRefused(unknown, 'PERSISTED_QUERY_NOT_FOUND')).toMatch(/send a known id or the query string\.$/);
      // An unknown id with its text (another client's cache): the text runs as an arbitrary operation.
      expect((await send(open, byId('b'.repeat(64), { query: '{ languages { locale } }' }))).body.data.languages).toHaveLength(3);
    } finally {
      open.close();
    }
  });
});

describe('introspection and suggestions', () => {
  const introspection = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });

  it('are off in production on a public host without GRAPHIQL=true', async () => {
    const schema = await production.gql('{ __schema { queryType { name } } }');
    expect(schema.storeCalls).toBe(0);
    expect(schema.body.errors![0]!.message).toBe('GraphQL introspection has been disabled, but the requested query contained the field "__schema".');
    expect((await production.gql('{ __type(name: "Product") { fields { name } } }')).body.errors![0]!.message).toMatch(/introspection has been disabled/);
    expect((await production.gql(introspection)).body.errors?.[0]?.message).toMatch(/introspection has been disabled/);
    // __typename is not introspection of the schema: clients (Relay) ask for it everywhere.
    expect((await production.gql('{ __typename }')).body.data).toEqual({ __typename: 'Query' });

    const typo = await production.gql('{ languagez { locale } }');
    expect(expectRefused(typo, 'GRAPHQL_VALIDATION_FAILED')).toBe('Cannot query field "languagez" on type "Query".');
    const argument = await production.gql('{ pharmacies(frist: 3) { id } }');
    expect(argument.body.errors![0]!.message).toBe('Unknown argument "frist" on field "Query.pharmacies".');
    const enumValue = await production.gql('query L($locale: Locale) { route(path: "/", locale: $locale) { __typename } }', { locale: 'de' });
    expect(enumValue.body.errors![0]!.message).not.toMatch(/Did you mean/);
    expect(enumValue.body.errors![0]!.message).toMatch(/^Variable "\$locale" got invalid value "de"; Value "de" does not exist in "Locale" enum\.$/);
  });

  it('are on in production with GRAPHIQL=true, on a local shop, and in development', async () => {
    for (const env of [{ ...PRODUCTION, GRAPHIQL: 'true' }, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }]) {
      const gw = await openTestGateway({ env });
      try {
        const result = await gw.gql(introspection);
        expect(result.body.errors, JSON.stringify(env)).toBeUndefined();
        expect(result.body.data.__schema.queryType.name).toBe('Query');
        expect((await gw.gql('{ languagez { locale } }')).body.errors![0]!.message).toBe('Cannot query field "languagez" on type "Query". Did you mean "languages"?');
        // GraphiQL's tour tabs stay within the limits of arbitrary operations.
        for (const tab of GRAPHIQL_TABS) expectPassed(await gw.gql(tab.query, tab.variables ? (JSON.parse(tab.variables) as Record<string, unknown>) : {}));
      } finally {
        gw.close();
      }
    }
  });
});

describe('errors and batching', () => {
  it('mask an unexpected error with an error id, in the response and in the log line', async () => {
    const gw = await openTestGateway({ env: PRODUCTION, schema: failingSchema });
    try {
      const result = await gw.gql('{ boom }');
      const error = result.body.errors![0]!;
      expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const errorId = error.extensions?.errorId as string;
      expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(error.message).toBe(`Internal error. Quote error id ${errorId} when reporting it.`);
      expect(JSON.stringify(result.body)).not.toContain('hunter2');
      const line = gw.logs.find((entry) => entry.errorId === errorId);
      expect(line?.msg).toBe('graphql: internal error');
      expect(JSON.stringify(line)).toContain('hunter2');
    } finally {
      gw.close();
    }
  });

  it('refuse a batch (an array of operations) without running any', async () => {
    production.storeCalls.reset();
    const response = await production.fetch(
      new Request('http://shop.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ query: '{ languages { locale } }' }, { query: '{ languages { locale } }' }]),
      }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/batch/i);
    expect(production.storeCalls.count).toBe(0);
  });
});
