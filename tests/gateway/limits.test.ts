import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS, readQueryLimits } from '../../gateway/src/plugins/query-limits';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { failingSchema } from './server-schema';

// Depth, cost and alias limits: an over-limit query is refused with a clear message before the
// gateway makes any Store API call.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openTestGateway();
});
afterAll(() => gw?.close());

function nested(field: string, levels: number, leaf: string): string {
  return levels === 0 ? leaf : `${field} { ${nested(field, levels - 1, leaf)} }`;
}

async function refused(target: TestGateway, query: string, code: string): Promise<string> {
  target.storeCalls.reset();
  const result = await target.gql(query);
  expect(result.body.data).toBeUndefined();
  expect(result.body.errors, JSON.stringify(result.body.errors)).toHaveLength(1);
  const error = result.body.errors![0]!;
  expect(error.extensions!.code, error.message).toBe(code);
  expect(target.storeCalls.count).toBe(0);
  return error.message;
}

describe('default limits', () => {
  it('are a depth of 15, a cost of 10,000 and 30 aliases, each overridable from the environment', () => {
    expect(DEFAULT_QUERY_LIMITS).toEqual({ depth: 15, complexity: 10_000, aliases: 30 });
    expect(readQueryLimits({ GRAPHQL_MAX_DEPTH: '8', GRAPHQL_MAX_COMPLEXITY: '900', GRAPHQL_MAX_ALIASES: '5' })).toEqual({ depth: 8, complexity: 900, aliases: 5 });
    expect(() => readQueryLimits({ GRAPHQL_MAX_DEPTH: 'deep' })).toThrow(/GRAPHQL_MAX_DEPTH must be a positive whole number/);
  });

  it('refuse a query nested deeper than 15 (a category’s parent of a parent …)', async () => {
    const query = `{ category(id: "0123456789abcdef0123456789abcdef") { ${nested('parent', 15, 'name')} } }`;
    expect(await refused(gw, query, 'QUERY_DEPTH')).toBe('Query depth of 17 exceeds max depth of 15');
  });

  it('accept a query at the depth limit', async () => {
    const result = await gw.gql(`{ category(id: "0123456789abcdef0123456789abcdef") { ${nested('parent', 13, 'name')} } }`);
    expect(result.body.errors ?? []).not.toContainEqual(expect.objectContaining({ extensions: expect.objectContaining({ code: 'QUERY_DEPTH' }) }));
  });

  it('refuse a query costing more than 10,000 (the navigation tree, every level ten times its parent)', async () => {
    const query = `{ navigation(depth: 5) { ${nested('children', 4, 'name')} } }`;
    expect(await refused(gw, query, 'QUERY_COMPLEXITY')).toMatch(/^Query complexity of \d+ exceeds max complexity of 10000$/);
  });

  it('refuse more than 30 aliases, counting aliases in fragments wherever they are spread', async () => {
    const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ');
    const ok = await gw.gql(`{ ${aliases(30)} }`);
    expect(ok.body.errors).toBeUndefined();
    expect(await refused(gw, `{ ${aliases(31)} }`, 'QUERY_ALIASES')).toBe('Query uses 31 aliases, more than the limit of 30.');
    const fragment = `fragment Many on Query { ${aliases(16)} } { ...Many x: context { ...on ShopContext { loggedIn } } ... on Query { ...Many } }`;
    expect(await refused(gw, fragment, 'QUERY_ALIASES')).toBe('Query uses 33 aliases, more than the limit of 30.');
  });

  it('let GraphiQL’s introspection through, but not an endlessly nested one', async () => {
    const introspection = await gw.gql(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }));
    expect(introspection.body.errors).toBeUndefined();
    expect(introspection.body.data.__schema.queryType.name).toBe('Query');
    const deep = `{ __schema { types { ${nested('fields { type', 10, 'name')}${' }'.repeat(10)} } } }`;
    // graphql's own MaxIntrospectionDepthRule, among the standard rules.
    expect(await refused(gw, deep, 'GRAPHQL_VALIDATION_FAILED')).toBe('Maximum introspection depth exceeded');
  });
});

describe('configured limits', () => {
  let tight: TestGateway;
  beforeAll(async () => {
    tight = await openTestGateway({ limits: { depth: 2, complexity: 10, aliases: 1 } });
  });
  afterAll(() => tight?.close());

  it('refuse by depth, cost and aliases with a message naming the limit', async () => {
    expect(await refused(tight, '{ context { language { id } } }', 'QUERY_DEPTH')).toBe('Query depth of 3 exceeds max depth of 2');
    // navigation is a list: its children cost ten times (Pothos' default list multiplier).
    expect(await refused(tight, '{ navigation { name } }', 'QUERY_COMPLEXITY')).toMatch(/^Query complexity of \d+ exceeds max complexity of 10$/);
    expect(await refused(tight, '{ a: context { loggedIn } b: context { loggedIn } }', 'QUERY_ALIASES')).toBe('Query uses 2 aliases, more than the limit of 1.');
  });

  it('count refused operations as invalid in the metrics', async () => {
    await tight.gql('query TooDeep { context { language { id } } }');
    const text = await (await tight.metrics.respond()).text();
    expect(text).toMatch(/^graphql_operations_total\{operation="TooDeep",outcome="invalid"\} 1$/m);
  });

  it('are checked for each request’s variables, not cached with the query text', async () => {
    const costed = await openTestGateway({ schema: failingSchema, limits: { depth: 15, complexity: 50, aliases: 30 } });
    try {
      const query = 'query Shelf($size: Int) { shelf(size: $size) { name } }';
      expect((await costed.gql(query, { size: 10 })).body.data.shelf).toHaveLength(10);
      const tooBig = await costed.gql(query, { size: 100 });
      expect(tooBig.body.errors![0]!.message).toBe('Query complexity of 101 exceeds max complexity of 50');
      expect((await costed.gql(query, { size: 10 })).body.errors).toBeUndefined();
      expect((await costed.gql(query, { size: 100 })).body.errors![0]!.extensions!.code).toBe('QUERY_COMPLEXITY');
    } finally {
      costed.close();
    }
  });

});
