import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ApiClientError, createAPIClient } from '@shopware/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop } from '../support/shop';

// The official Shopware client, unchanged, against the embedded Store API over real loopback HTTP:
// what a shop developer pointing @shopware/api-client at this shop would see.

type Shop = Awaited<ReturnType<typeof openTestShop>>;
type Client = ReturnType<typeof createAPIClient>;
interface Named {
  id: string;
  name?: string;
  translated?: { name?: string };
}
interface CategoryNode extends Named {
  children?: CategoryNode[] | null;
}
interface ListedProduct extends Named {
  manufacturerId?: string;
  calculatedPrice: { totalPrice: number };
}

let shop: Shop;
let server: ServerType;
let baseURL: string;

function newClient(): Client {
  return createAPIClient({ baseURL, accessToken: shop.config.accessKey });
}

beforeAll(async () => {
  shop = await openTestShop();
  server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/store-api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  shop?.close();
});

/** A top category and its listing, found through the client as a developer would. */
async function topCategory(client: Client): Promise<{ id: string; name: string }> {
  const navigation = await client.invoke('readNavigation post /navigation/{activeId}/{rootId}', {
    pathParams: { activeId: 'main-navigation', rootId: 'main-navigation' },
    body: { depth: 1 },
  });
  const first = navigation.data[0];
  if (!first) throw new Error('the main navigation is empty');
  return { id: first.id, name: first.translated?.name ?? first.name };
}

describe('@shopware/api-client against the embedded Store API', () => {
  it('reads the context in CHF and picks up the context token the shop issued', async () => {
    const client = newClient();
    expect(client.defaultHeaders['sw-context-token']).toBeFalsy();
    const { data, status } = await client.invoke('readContext get /context');
    expect(status).toBe(200);
    expect(data.currency?.isoCode).toBe('CHF');
    expect(data.salesChannel.id).toMatch(/^[0-9a-f]{32}$/);
    const token = client.defaultHeaders['sw-context-token'];
    expect(token).toBeTruthy();

    // The client sends the token back; a context change under it keeps the same session.
    const languages = await client.invoke('readLanguages post /language', { body: {} });
    const italian = languages.data.elements.find((l: Named & { locale?: { code?: string } }) => l.locale?.code === 'it-CH' || l.name === 'Italiano');
    expect(italian).toBeDefined();
    await client.invoke('updateContext patch /context', { body: { languageId: italian!.id } });
    expect(client.defaultHeaders['sw-context-token']).toBe(token);
    const after = await client.invoke('readContext get /context');
    expect(after.data.salesChannel.languageId === italian!.id || after.data.context?.languageIdChain?.[0] === italian!.id).toBe(true);
  });

  it('reads navigation: top categories with names and children', async () => {
    const client = newClient();
    const { data } = await client.invoke('readNavigation post /navigation/{activeId}/{rootId}', {
      pathParams: { activeId: 'main-navigation', rootId: 'main-navigation' },
      body: { depth: 2 },
    });
    expect(data.length).toBeGreaterThanOrEqual(5);
    const names = data.map((c: CategoryNode) => c.translated?.name ?? c.name);
    expect(names.join(' ')).toMatch(/Vitamin/);
    expect(data.some((c: CategoryNode) => (c.children ?? []).length > 0)).toBe(true);
  });

  it('reads a listing and narrows it by manufacturer and price', async () => {
    const client = newClient();
    const category = await topCategory(client);
    const all = await client.invoke('readProductListing post /product-listing/{categoryId}', {
      pathParams: { categoryId: category.id },
      body: { limit: 24 },
    });
    expect(all.data.elements.length).toBeGreaterThan(0);
    expect(all.data.total).toBeGreaterThan(0);
    for (const product of all.data.elements) {
      expect(product.translated?.name ?? product.name).toBeTruthy();
      expect(product.calculatedPrice.totalPrice).toBeGreaterThan(0);
    }

    const brand = all.data.elements[0]!.manufacturerId!;
    const prices = all.data.elements.filter((p: ListedProduct) => p.manufacturerId === brand).map((p: ListedProduct) => p.calculatedPrice.totalPrice);
    const maxPrice = Math.ceil(Math.max(...prices));
    const narrowed = await client.invoke('readProductListing post /product-listing/{categoryId}', {
      pathParams: { categoryId: category.id },
      body: { limit: 24, manufacturer: brand, 'max-price': maxPrice },
    });
    expect(narrowed.data.total).toBeGreaterThan(0);
    expect(narrowed.data.total!).toBeLessThan(all.data.total!);
    for (const product of narrowed.data.elements) {
      expect(product.manufacturerId).toBe(brand);
      expect(product.calculatedPrice.totalPrice).toBeLessThanOrEqual(maxPrice);
    }
    expect(narrowed.data.currentFilters.manufacturer).toEqual([brand]);
    expect(narrowed.data.currentFilters.price.max).toBe(maxPrice);
  });

  it('reads a product with variants and its configurator', async () => {
    const client = newClient();
    const parents = await client.invoke('readProduct post /product', {
      body: { limit: 1, filter: [{ type: 'range', field: 'childCount', parameters: { gt: 0 } }] },
    });
    const parent = parents.data.elements[0];
    expect(parent, 'the seed has products with variants').toBeDefined();
    const { data } = await client.invoke('readProductDetail post /product/{productId}', {
      pathParams: { productId: parent!.id },
      body: {},
    });
    expect(data.product.translated?.name ?? data.product.name).toBeTruthy();
    expect(data.configurator?.length).toBeGreaterThan(0);
    const optionIds = data.configurator!.flatMap((group: { options?: Named[] }) => (group.options ?? []).map((o: Named) => o.id));
    expect(optionIds.length).toBeGreaterThanOrEqual(2);
    // The shown variant carries options from the configurator.
    for (const optionId of data.product.optionIds ?? []) expect(optionIds).toContain(optionId);
  });

  it('searches products by term', async () => {
    const client = newClient();
    const { data } = await client.invoke('searchPage post /search', { body: { search: 'vitamin', limit: 10 } });
    expect(data.total).toBeGreaterThan(0);
    expect(data.elements.length).toBeGreaterThan(0);
    expect(data.currentFilters.search).toBe('vitamin');
  });

  it('surfaces Shopware errors as ApiClientError with the errors array', async () => {
    const client = newClient();
    const error = await client
      .invoke('readProductDetail post /product/{productId}', {
        pathParams: { productId: '0123456789abcdef0123456789abcdef' },
        body: {},
      })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    const apiError = error as ApiClientError<{ errors: { code?: string }[] }>;
    expect(apiError.status).toBe(404);
    expect(apiError.details.errors[0]?.code).toBe('CONTENT__PRODUCT_NOT_FOUND');
  });
});
