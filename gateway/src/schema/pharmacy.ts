import DataLoader from 'dataloader';
import type { GatewayContext } from '../context';
import type { Pharmacy } from '../store-client/operations';
import { builder } from './builder';
import { badArgument, MAX_PAGE_SIZE } from './catalog-arguments';

// The shop's pharmacies (custom Store API route POST /pharmacy): Click & Collect pickup points. A pharmacy
// is a Relay node, so the checkout's pharmacy modal can refetch one by its global id.

export type { Pharmacy } from '../store-client/operations';

const pharmacyLoaders = new WeakMap<GatewayContext, DataLoader<string, Pharmacy | null>>();

/** Pharmacies by Store API id, all of a request in one POST /pharmacy { ids }. */
export function pharmacyLoader(ctx: GatewayContext): DataLoader<string, Pharmacy | null> {
  let loader = pharmacyLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(
      async (ids) => {
        const result = await ctx.store().invoke('readPharmacies post /pharmacy', { body: { ids: [...ids], limit: MAX_PAGE_SIZE } });
        const byId = new Map((result.elements ?? []).map((pharmacy) => [pharmacy.id, pharmacy]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { maxBatchSize: MAX_PAGE_SIZE },
    );
    pharmacyLoaders.set(ctx, loader);
  }
  return loader;
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const WEEKDAY_LABELS: Record<string, Record<(typeof WEEKDAYS)[number], string>> = {
  de: { mon: 'Mo', tue: 'Di', wed: 'Mi', thu: 'Do', fri: 'Fr', sat: 'Sa', sun: 'So' },
  it: { mon: 'Lu', tue: 'Ma', wed: 'Me', thu: 'Gi', fri: 'Ve', sat: 'Sa', sun: 'Do' },
  fr: { mon: 'Lu', tue: 'Ma', wed: 'Me', thu: 'Je', fri: 'Ve', sat: 'Sa', sun: 'Di' },
};
const CLOSED: Record<string, string> = { de: 'geschlossen', it: 'chiuso', fr: 'fermé' };

/** "Mo 08:00–12:00, 13:30–18:30" per weekday, in the request's language. */
export function openingHourLines(pharmacy: Pharmacy, locale: string): string[] {
  const hours = pharmacy.openingHours;
  if (!hours) return [];
  const labels = WEEKDAY_LABELS[locale] ?? WEEKDAY_LABELS.de!;
  return WEEKDAYS.flatMap((day) => {
    const value = hours[day];
    if (value === undefined) return [];
    if (typeof value === 'string') return [`${labels[day]} ${value}`];
    const ranges = value.filter((range) => Array.isArray(range) && range.length === 2).map(([from, to]) => `${from}–${to}`);
    return [`${labels[day]} ${ranges.length > 0 ? ranges.join(', ') : (CLOSED[locale] ?? CLOSED.de)}`];
  });
}

export const PharmacyRef = builder.objectRef<Pharmacy>('Pharmacy');

builder.node(PharmacyRef, {
  description: 'A pharmacy of the chain: a Click & Collect pickup point.',
  id: { resolve: (p) => p.id },
  loadMany: (ids, ctx) => pharmacyLoader(ctx).loadMany(ids.map((id) => id.toLowerCase())).then((found) => found.map((p) => (p instanceof Error ? null : p))),
  isTypeOf: (value) => (value as { apiAlias?: string }).apiAlias === 'pharmacy',
  fields: (t) => ({
    pharmacyId: t.id({ description: 'The Store API pharmacy id (for selectPharmacy).', resolve: (p) => p.id }),
    name: t.exposeString('name', { description: 'The pharmacy’s name.' }),
    street: t.exposeString('street', { description: 'Street and number.' }),
    zipcode: t.exposeString('zipcode', { description: 'Postal code.' }),
    city: t.exposeString('city', { description: 'Town.' }),
    phone: t.string({ nullable: true, description: 'Phone number.', resolve: (p) => p.phoneNumber || null }),
    email: t.string({ nullable: true, description: 'Email address.', resolve: (p) => p.email || null }),
    latitude: t.float({ nullable: true, description: 'Latitude (WGS 84).', resolve: (p) => p.latitude ?? null }),
    longitude: t.float({ nullable: true, description: 'Longitude (WGS 84).', resolve: (p) => p.longitude ?? null }),
    openingHours: t.stringList({
      description: 'Opening hours per weekday, as text lines, e.g. "Mo 08:00–18:30".',
      resolve: (p, _args, ctx) => openingHourLines(p, ctx.locale),
    }),
    path: t.string({
      description: 'Store path under /p/… (pharmacy detail comes with issue 7).',
      resolve: (p) => `/p/${(p.urlPath ?? p.id).replace(/^\/+/, '')}`,
    }),
  }),
});

/** Search text for pharmacies: postal code prefix, town or name. */
const MAX_SEARCH_LENGTH = 100;

builder.queryField('pharmacies', (t) =>
  t.field({
    type: [PharmacyRef],
    description: 'Pharmacies offering Click & Collect, filtered by postal code / town / name.',
    args: {
      search: t.arg.string({ required: false, description: 'Postal code prefix, town or name (case-insensitive).' }),
      first: t.arg.int({ required: false, defaultValue: 20, description: `How many pharmacies (1 to ${MAX_PAGE_SIZE}, default 20).` }),
    },
    resolve: async (_root, args, ctx) => {
      const first = args.first ?? 20;
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
        throw badArgument('first', `first must be between 1 and ${MAX_PAGE_SIZE}, got ${first}.`);
      }
      const search = (args.search ?? '').trim();
      if (search.length > MAX_SEARCH_LENGTH) throw badArgument('search', `search must be at most ${MAX_SEARCH_LENGTH} characters.`);
      const result = await ctx.store().invoke('readPharmacies post /pharmacy', { body: { ...(search ? { search } : {}), limit: first, clickAndCollect: true } });
      const pharmacies = (result.elements ?? []).filter((p) => p.clickAndCollect !== false).slice(0, first);
      for (const pharmacy of pharmacies) pharmacyLoader(ctx).prime(pharmacy.id, pharmacy);
      return pharmacies;
    },
  }),
);
