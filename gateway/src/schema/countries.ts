import DataLoader from 'dataloader';
import type { GatewayContext } from '../context';
import type { ShopwareCountry } from './shop-context';

// The countries the shop delivers to (two: CH and LI) are read once per request and language: the
// `countries` list of the address forms and the country of every address shown share that one call.

const reads = new WeakMap<GatewayContext, Map<string, Promise<ShopwareCountry[]>>>();

/** POST /country: the active countries with their states, in the shop's order, once per request and language. */
export function readCountries(ctx: GatewayContext, languageId = ctx.languageId): Promise<ShopwareCountry[]> {
  let byLanguage = reads.get(ctx);
  if (!byLanguage) {
    byLanguage = new Map();
    reads.set(ctx, byLanguage);
  }
  let read = byLanguage.get(languageId);
  if (!read) {
    read = ctx
      .store(languageId)
      .invoke('readCountry post /country', {
        body: {
          filter: [{ type: 'equals', field: 'active', value: true }],
          associations: { states: { sort: [{ field: 'position', order: 'ASC' }] } },
          sort: [{ field: 'position', order: 'ASC' }],
          limit: 100,
        },
      })
      .then((result) => (result.elements ?? []) as ShopwareCountry[]);
    byLanguage.set(languageId, read);
    const forget = byLanguage;
    read.catch(() => forget.delete(languageId));
  }
  return read;
}

const loaders = new WeakMap<GatewayContext, DataLoader<string, ShopwareCountry | null>>();

/** A country by id: from the shared list, or (an address in a country no longer delivered to) by its id. */
export function countryLoader(ctx: GatewayContext): DataLoader<string, ShopwareCountry | null> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const byId = new Map((await readCountries(ctx)).map((country) => [country.id, country]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) {
        const result = await ctx.store().invoke('readCountry post /country', {
          body: { filter: [{ type: 'equalsAny', field: 'id', value: missing }], associations: { states: {} }, limit: 100 },
        });
        for (const country of (result.elements ?? []) as ShopwareCountry[]) byId.set(country.id, country);
      }
      return ids.map((id) => byId.get(id) ?? null);
    });
    loaders.set(ctx, loader);
  }
  return loader;
}
