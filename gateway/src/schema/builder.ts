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
  relay: { clientMutationId: 'omit', cursorType: 'String' },
  errors: { defaultTypes: [] },
  complexity: { defaultComplexity: 1, defaultListMultiplier: 10 },
});

builder.queryType({ description: 'The Swiss pharmacy shop: catalogue, content, pharmacies and the shopper’s session.' });

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
