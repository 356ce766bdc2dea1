import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import type { GatewayContext } from '../context';

/**
 * Data read from the Store API in one language. Every shop object in the graph carries the language it
 * was read in, so its children (brand, media, links) are read and built in the same language, even when
 * one request asks for several languages (e.g. `route(path, locale: FR)` beside a German `product`).
 */
export interface Localized<T> {
  readonly languageId: string;
  readonly data: T;
}

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string };
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ErrorsPlugin, RelayPlugin, DataloaderPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Descriptions of the Relay plugin's own types and fields, so GraphiQL explains them too.
    nodeTypeOptions: { description: 'An object with a global id that `node(id)` fetches again (Relay).' },
    idFieldOptions: { description: 'Global id (Relay): opaque, stable, accepted by `node(id)`.' },
    nodeQueryOptions: { description: 'Any object with a global id, fetched again by that id (Relay refetch).', args: { id: { description: 'A global id from an `id` field.' } } },
    nodesQueryOptions: { description: 'Several objects by their global ids, in the same order (null where none).', args: { ids: { description: 'Global ids from `id` fields.' } } },
    pageInfoTypeOptions: { description: 'Where a page of a connection sits in the whole list (Relay).' },
    hasNextPageFieldOptions: { description: 'Whether more entries follow this page.' },
    hasPreviousPageFieldOptions: { description: 'Whether entries come before this page.' },
    startCursorFieldOptions: { description: 'Cursor of the first entry of this page (pass as `before`).' },
    endCursorFieldOptions: { description: 'Cursor of the last entry of this page (pass as `after`).' },
    pageInfoFieldOptions: { description: 'Where this page sits in the whole list.' },
    edgesFieldOptions: { description: 'The entries of this page, each with its cursor.' },
    cursorFieldOptions: { description: 'Opaque position of this entry, for `after`/`before`.' },
    nodeFieldOptions: { description: 'The entry itself.' },
    firstArgOptions: { description: 'Entries to return after `after` (page size).' },
    lastArgOptions: { description: 'Entries to return before `before`.' },
    afterArgOptions: { description: 'Cursor to continue after (an `endCursor`).' },
    beforeArgOptions: { description: 'Cursor to continue before (a `startCursor`).' },
  },
  errors: { defaultTypes: [] },
  complexity: { defaultComplexity: 1, defaultListMultiplier: 10 },
});

builder.queryType({ description: 'The Swiss pharmacy shop: catalogue, content, pharmacies and the shopper’s session.' });

builder.mutationType({ description: 'Changes to the shopper’s session: cart, checkout, account and orders. Expected failures come back as `errors` data.' });

builder.scalarType('DateTime', {
  description: 'An ISO-8601 date and time, e.g. 2026-01-01T10:00:00.000+00:00.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new TypeError('DateTime must be an ISO-8601 string');
    return value;
  },
});

builder.scalarType('JSON', {
  description: 'Free-form JSON, only where the shop’s data has no fixed shape (e.g. a CMS slot’s raw config).',
  serialize: (value) => value,
  parseValue: (value) => value,
});

export const LocaleEnum = builder.enumType('Locale', {
  description: 'A shop language. German is the default; Italian and French pages live under /it and /fr.',
  values: {
    DE: { value: 'de', description: 'Deutsch (de-CH)' },
    IT: { value: 'it', description: 'Italiano (it-CH)' },
    FR: { value: 'fr', description: 'Français (fr-CH)' },
  } as const,
});

/** The language a field reads in: its `locale` argument when given, else the request's language. */
export function languageIdFor(ctx: GatewayContext, locale?: 'de' | 'it' | 'fr' | null): string {
  return locale ? ctx.languages.idOf(locale) : ctx.languageId;
}
