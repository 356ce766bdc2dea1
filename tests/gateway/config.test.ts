import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, GatewaySetupError, readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createStoreClient } from '../../gateway/src/store-client';
import { openTestShop } from '../support/shop';

// SPEC §8: "A missing store endpoint or access token in configuration is a setup error" — the gateway
// refuses to start, saying what to set, instead of failing on the first shopper's request.

function setupErrorOf(run: () => unknown): GatewaySetupError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GatewaySetupError);
    return error as GatewaySetupError;
  }
  throw new Error('no setup error was raised');
}

describe('readGatewayConfig', () => {
  it('uses the embedded Store API and its access key when STORE_API_URL is unset', () => {
    const config = readGatewayConfig({}, 'EMBEDDEDKEY');
    expect(config).toMatchObject({ storeApiUrl: null, accessKey: 'EMBEDDEDKEY', timeoutMs: DEFAULT_TIMEOUT_MS });
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
  });

  it('refuses an invalid STORE_API_URL', () => {
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_URL: 'shop example', STORE_API_ACCESS_KEY: 'K' })).message).toBe(
      'STORE_API_URL is not a valid URL: "shop example". Example: https://shop.example/store-api',
    );
  });

  it('refuses a STORE_API_URL that is not http(s)', () => {
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_URL: 'ftp://shop.example/store-api', STORE_API_ACCESS_KEY: 'K' })).message).toBe(
      'STORE_API_URL must be an http(s) URL, got "ftp://shop.example/store-api". Example: https://shop.example/store-api',
    );
  });

  it('refuses a STORE_API_URL that does not end with /store-api', () => {
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_URL: 'https://shop.example', STORE_API_ACCESS_KEY: 'K' })).message).toBe(
      'STORE_API_URL must end with /store-api, got "https://shop.example". Example: https://shop.example/store-api',
    );
  });

  it('refuses a STORE_API_URL with a query or credentials', () => {
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_URL: 'https://u:p@shop.example/store-api', STORE_API_ACCESS_KEY: 'K' })).message).toMatch(
      /without query, fragment or credentials/,
    );
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_URL: 'https://shop.example/store-api?x=1', STORE_API_ACCESS_KEY: 'K' })).message).toMatch(
      /without query, fragment or credentials/,
    );
  });

  it('refuses STORE_API_URL without STORE_API_ACCESS_KEY, even when an embedded key exists', () => {
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_URL: 'https://shop.example/store-api/' }, 'EMBEDDEDKEY')).message).toBe(
      "STORE_API_ACCESS_KEY is missing: the Store API at https://shop.example/store-api needs its sales channel's access key (sw-access-key).",
    );
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_URL: 'https://shop.example/store-api', STORE_API_ACCESS_KEY: '  ' })).name).toBe(
      'GatewaySetupError',
    );
  });

  it('refuses to start with no access key at all', () => {
    expect(setupErrorOf(() => readGatewayConfig({})).message).toBe(
      'The Store API access key is missing: set STORE_API_ACCESS_KEY, or start the embedded Store API first.',
    );
  });

  it('reads a remote Store API, without the trailing slash', () => {
    const config = readGatewayConfig({ STORE_API_URL: ' https://shop.example/store-api/ ', STORE_API_ACCESS_KEY: 'SWSCREMOTE' }, 'EMBEDDEDKEY');
    expect(config).toMatchObject({ storeApiUrl: 'https://shop.example/store-api', accessKey: 'SWSCREMOTE' });
  });

  it('reads STORE_API_TIMEOUT_MS and refuses a bad one', () => {
    expect(readGatewayConfig({ STORE_API_TIMEOUT_MS: '250' }, 'K').timeoutMs).toBe(250);
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_TIMEOUT_MS: 'soon' }, 'K')).message).toBe(
      'STORE_API_TIMEOUT_MS must be a positive number of milliseconds, got "soon".',
    );
    expect(setupErrorOf(() => readGatewayConfig({ STORE_API_TIMEOUT_MS: '0' }, 'K')).name).toBe('GatewaySetupError');
  });

  it('serves GraphiQL on a local shop, and on a public host (PUBLIC_ORIGIN https) only with GRAPHIQL=true', () => {
    const PUBLIC = 'https://www.apotheke.example';
    expect(readGatewayConfig({ NODE_ENV: 'development' }, 'K').graphiql).toBe(true);
    expect(readGatewayConfig({ NODE_ENV: 'production' }, 'K')).toMatchObject({ graphiql: true, production: true });
    expect(readGatewayConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: PUBLIC }, 'K')).toMatchObject({ graphiql: false, publicHost: true });
    expect(readGatewayConfig({ NODE_ENV: 'development', PUBLIC_ORIGIN: PUBLIC }, 'K').graphiql).toBe(false);
    expect(readGatewayConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: PUBLIC, GRAPHIQL: 'true' }, 'K').graphiql).toBe(true);
    expect(readGatewayConfig({ NODE_ENV: 'production', GRAPHIQL: 'false' }, 'K').graphiql).toBe(false);
    expect(setupErrorOf(() => readGatewayConfig({ GRAPHIQL: '1' }, 'K')).message).toMatch(/GRAPHIQL must be true or false/);
  });
});

describe('storeApiTarget', () => {
  let shop: Awaited<ReturnType<typeof openTestShop>>;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop?.close());

  it('points at STORE_API_URL over the global fetch when it is set', () => {
    const config = readGatewayConfig({ STORE_API_URL: 'https://shop.example/store-api', STORE_API_ACCESS_KEY: 'SWSCREMOTE', STORE_API_TIMEOUT_MS: '500' });
    const target = storeApiTarget(config, shop);
    expect(target).toMatchObject({ baseUrl: 'https://shop.example/store-api', accessKey: 'SWSCREMOTE', timeoutMs: 500 });
  });

  it('refuses to run with neither STORE_API_URL nor an embedded Store API', () => {
    expect(setupErrorOf(() => storeApiTarget(readGatewayConfig({}, 'K'))).message).toBe(
      'No Store API: set STORE_API_URL and STORE_API_ACCESS_KEY, or start the embedded Store API in this process.',
    );
  });

  it('refuses a public origin that is not an http(s) URL', () => {
    expect(setupErrorOf(() => storeApiTarget(readGatewayConfig({}, 'K'), shop, { publicOrigin: 'localhost:3000' })).message).toBe(
      'The public origin of the shop is not a valid URL: "localhost:3000". Example: http://localhost:3000',
    );
  });

  it('calls the embedded Store API in process; media URLs carry the Store API’s configured origin, not the URL it was called on', async () => {
    const calls: number[] = [];
    const target = storeApiTarget(readGatewayConfig({}, shop.config.accessKey), shop, {
      publicOrigin: 'http://localhost:3000/anything',
      onCall: (call) => calls.push(call.status),
    });
    expect(target.baseUrl).toBe('http://localhost:3000/store-api');
    expect(target.accessKey).toBe(shop.config.accessKey);
    const client = createStoreClient({ ...target, session: { contextToken: null } });
    const products = await client.invoke('readProduct post /product', {
      body: { limit: 5, filter: [{ type: 'equals', field: 'parentId', value: null }], associations: { cover: {} } },
    });
    const urls = products.elements.map((product) => product.cover?.media?.url).filter((url): url is string => Boolean(url));
    expect(urls.length).toBeGreaterThan(0);
    // The Store API builds them on its own PUBLIC_ORIGIN (ADR 0022), whatever origin the call came with.
    for (const url of urls) expect(url.startsWith(`${shop.config.origins.primary}/`)).toBe(true);
    expect(shop.config.origins.primary).not.toBe('http://localhost:3000');
    expect(calls).toEqual([200]);
  });
});
