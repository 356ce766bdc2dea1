import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedOperations } from '../../server/persistedOperations';
import { gatewayRequestBody } from '../../storefront/platform/relay/gatewayFetch';
import { openTestGateway, type TestGateway } from '../support/gateway';

// The storefront sends relay-compiler's persisted ids; the gateway turns them back into the compiled text.
const TEXT = 'query LanguagesQuery { languages { locale pathPrefix } }';
const ID = 'a'.repeat(64);

describe('persisted operations (persisted_queries.json)', () => {
  let shop: TestGateway;

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'persisted-')), 'persisted_queries.json');
    writeFileSync(file, JSON.stringify({ [ID]: TEXT }));
    // A complexity limit no real query passes: the storefront's own operations are exempt from it.
    shop = await openTestGateway({ limits: { depth: 15, complexity: 1, aliases: 30 }, plugins: [usePersistedOperations(file)] });
  });
  afterAll(() => shop?.close());

  async function send(body: string) {
    const response = await shop.fetch(new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    return { status: response.status, body: (await response.json()) as { data?: { languages?: Array<{ locale: string }> }; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
  }

  it('runs an operation sent by id only, past the limits meant for unknown queries', async () => {
    const { status, body } = await send(gatewayRequestBody({ id: ID, variables: {} }));
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.languages?.map((language) => language.locale)).toEqual(['DE', 'IT', 'FR']);
  });

  it('refuses an unknown id', async () => {
    const { body } = await send(gatewayRequestBody({ id: 'b'.repeat(64), variables: {} }));
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/query string/i);
  });

  it('still runs arbitrary operations, under the limits', async () => {
    const { body } = await send(JSON.stringify({ query: '{ languages { locale pathPrefix } }' }));
    expect(body.errors?.[0]?.extensions?.code).toBe('QUERY_COMPLEXITY');
  });
});
