import DataLoader from 'dataloader';
import type { GatewayContext } from '../context';
import type { Locale } from '../languages';
import type { FoundPharmacy, PharmacyPlace } from '../store-client/content-operations/pharmacy';
import type { Pharmacy } from '../store-client/operations';
import { isMissingRoute, StoreApiRequestError } from '../store-client';
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

const WEEKDAY_NAMES: Record<Locale, Record<(typeof WEEKDAYS)[number], string>> = {
  de: { mon: 'Montag', tue: 'Dienstag', wed: 'Mittwoch', thu: 'Donnerstag', fri: 'Freitag', sat: 'Samstag', sun: 'Sonntag' },
  it: { mon: 'lunedì', tue: 'martedì', wed: 'mercoledì', thu: 'giovedì', fri: 'venerdì', sat: 'sabato', sun: 'domenica' },
  fr: { mon: 'lundi', tue: 'mardi', wed: 'mercredi', thu: 'jeudi', fri: 'vendredi', sat: 'samedi', sun: 'dimanche' },
};

interface OpeningDayShape {
  day: (typeof WEEKDAYS)[number];
  name: string;
  ranges: string[];
  today: boolean;
}

/** The week's opening hours, Monday first, with weekday names in the request's language. */
export function openingWeek(pharmacy: Pharmacy, locale: Locale): OpeningDayShape[] {
  const hours = pharmacy.openingHours ?? {};
  const names = WEEKDAY_NAMES[locale] ?? WEEKDAY_NAMES.de;
  return WEEKDAYS.map((day) => {
    const value = hours[day];
    const ranges = typeof value === 'string' ? [value] : (value ?? []).filter((r) => Array.isArray(r) && r.length === 2).map(([from, to]) => `${from}–${to}`);
    return { day, name: names[day], ranges, today: pharmacy.today === day };
  });
}

const OpeningDayRef = builder.objectRef<OpeningDayShape>('PharmacyOpeningDay').implement({
  description: 'One weekday of a pharmacy’s opening hours.',
  fields: (t) => ({
    day: t.string({ description: 'Weekday key: mon, tue, wed, thu, fri, sat or sun.', resolve: (d) => d.day }),
    name: t.string({ description: 'Weekday name in the request’s language, e.g. "Montag".', resolve: (d) => d.name }),
    ranges: t.stringList({ description: 'Opening times, e.g. ["08:00–12:00", "13:30–18:30"]; empty when closed.', resolve: (d) => d.ranges }),
    today: t.boolean({ description: 'Whether this is today in Zurich.', resolve: (d) => d.today }),
  }),
});

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
    distance: t.float({
      nullable: true,
      description: 'Distance in km (one decimal) from the searched place or position; null outside the finder.',
      resolve: (p) => (p as FoundPharmacy).distance ?? null,
    }),
    openNow: t.boolean({ description: 'Open at the moment of the request (Europe/Zurich time).', resolve: (p) => p.openNow === true }),
    openingWeek: t.field({
      type: [OpeningDayRef],
      description: 'Opening hours per weekday, Monday first, with localized weekday names.',
      resolve: (p, _args, ctx) => openingWeek(p, ctx.locale),
    }),
    openingHoursToday: t.stringList({
      description: 'Today’s opening times in Zurich, e.g. ["08:00–18:30"]; empty when closed today.',
      resolve: (p, _args, ctx) => openingWeek(p, ctx.locale).find((d) => d.today)?.ranges ?? [],
    }),
    services: t.stringList({ description: 'Service keys (vaccination, blood-pressure, …); the storefront names them.', resolve: (p) => p.services ?? [] }),
    clickAndCollect: t.boolean({ description: 'Whether Click & Collect orders can be picked up here.', resolve: (p) => p.clickAndCollect !== false }),
    path: t.string({
      description: 'Store path of the pharmacy page: /p/{urlPath}.',
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

// ---- the pharmacy finder (/pharmacy-map) and the pharmacy page (/p/…) ----------------------------------------

const MIN_SEARCH_LENGTH = 2;
const MAX_PATH_LENGTH = 200;
const DEFAULT_FINDER_SIZE = 20;

interface FinderShape {
  search: string | null;
  pharmacies: FoundPharmacy[];
  place: PharmacyPlace | null;
  placeFound: boolean;
  near: { latitude: number; longitude: number } | null;
}

const PharmacyPlaceRef = builder.objectRef<PharmacyPlace>('PharmacyPlace').implement({
  description: 'The postal code and town a finder search was read as.',
  fields: (t) => ({
    zipcode: t.exposeString('zipcode', { description: 'Postal code.' }),
    city: t.exposeString('city', { description: 'Town.' }),
    countryIso: t.exposeString('countryIso', { description: 'CH or LI.' }),
    latitude: t.exposeFloat('latitude', { description: 'Latitude (WGS 84) of the town centre.' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude (WGS 84) of the town centre.' }),
  }),
});

const NearInput = builder.inputType('PharmacyNearInput', {
  description: 'A position ("near me"): WGS 84 coordinates.',
  fields: (t) => ({
    latitude: t.float({ required: true, description: 'Latitude, −90 to 90.' }),
    longitude: t.float({ required: true, description: 'Longitude, −180 to 180.' }),
  }),
});

const FinderRef = builder.objectRef<FinderShape>('PharmacyFinder').implement({
  description: 'Pharmacies nearest to a postal code, a town or a position, with every pharmacy for the map.',
  fields: (t) => ({
    search: t.string({ nullable: true, description: 'The search as understood (trimmed); null without one.', resolve: (f) => f.search }),
    pharmacies: t.field({ type: [PharmacyRef], description: 'Nearest first (with distance); every pharmacy by postal code without a search or position.', resolve: (f) => f.pharmacies }),
    place: t.field({ type: PharmacyPlaceRef, nullable: true, description: 'The place the search was read as.', resolve: (f) => f.place }),
    placeFound: t.boolean({ description: 'False when the search names no known postal code or town (pharmacies is then empty).', resolve: (f) => f.placeFound }),
    latitude: t.float({ nullable: true, description: 'The position searched from (place or "near me").', resolve: (f) => f.place?.latitude ?? f.near?.latitude ?? null }),
    longitude: t.float({ nullable: true, description: 'The position searched from (place or "near me").', resolve: (f) => f.place?.longitude ?? f.near?.longitude ?? null }),
    mapPharmacies: t.field({
      type: [PharmacyRef],
      description: 'Every pharmacy of the chain, for the map’s dots.',
      resolve: async (_f, _args, ctx) => {
        const result = await ctx.store().invoke('readPharmacies post /pharmacy', { body: { limit: MAX_PAGE_SIZE } });
        for (const pharmacy of result.elements ?? []) pharmacyLoader(ctx).prime(pharmacy.id, pharmacy);
        return result.elements ?? [];
      },
    }),
  }),
});

/** A coordinate within ±limit, else a BAD_USER_INPUT error naming the argument. */
function checkedCoordinate(argument: string, value: number, limit: number): number {
  if (!Number.isFinite(value) || value < -limit || value > limit) throw badArgument(argument, `${argument} must be between -${limit} and ${limit}.`);
  return value;
}

builder.queryField('pharmacyFinder', (t) =>
  t.field({
    type: FinderRef,
    description: 'The pharmacy finder: pharmacies nearest to a postal code or town (search) or a position (near), with distance and opening state.',
    args: {
      search: t.arg.string({ required: false, description: `Postal code or town (${MIN_SEARCH_LENGTH} to ${MAX_SEARCH_LENGTH} characters).` }),
      near: t.arg({ type: NearInput, required: false, description: 'A position ("near me"); wins over search.' }),
      first: t.arg.int({ required: false, defaultValue: DEFAULT_FINDER_SIZE, description: `How many pharmacies (1 to ${MAX_PAGE_SIZE}, default ${DEFAULT_FINDER_SIZE}).` }),
    },
    resolve: async (_root, args, ctx) => {
      const first = args.first ?? DEFAULT_FINDER_SIZE;
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) throw badArgument('first', `first must be between 1 and ${MAX_PAGE_SIZE}, got ${first}.`);
      const search = (args.search ?? '').trim().replace(/\s+/g, ' ');
      if (search.length > MAX_SEARCH_LENGTH) throw badArgument('search', `search must be at most ${MAX_SEARCH_LENGTH} characters.`);
      if (search && search.length < MIN_SEARCH_LENGTH) throw badArgument('search', `search must be at least ${MIN_SEARCH_LENGTH} characters.`);
      const near = args.near
        ? { latitude: checkedCoordinate('near.latitude', args.near.latitude, 90), longitude: checkedCoordinate('near.longitude', args.near.longitude, 180) }
        : null;
      const remember = (pharmacies: FoundPharmacy[]) => {
        for (const pharmacy of pharmacies) pharmacyLoader(ctx).prime(pharmacy.id, pharmacy);
        return pharmacies;
      };
      if (near) {
        const result = await ctx.store().invoke('findPharmacies post /pharmacy', { body: { ...near, limit: first } });
        return { search: null, pharmacies: remember(result.elements ?? []), place: null, placeFound: true, near };
      }
      if (search) {
        const result = await ctx.store().invoke('findPharmacies post /pharmacy', { body: { search, sort: 'distance', limit: first } });
        return { search, pharmacies: remember(result.elements ?? []), place: result.place ?? null, placeFound: result.placeFound !== false, near: null };
      }
      const result = await ctx.store().invoke('readPharmacies post /pharmacy', { body: { limit: first } });
      return { search: null, pharmacies: remember(result.elements ?? []), place: null, placeFound: true, near: null };
    },
  }),
);

/** "/p/apotheke-am-bahnhof-bern", "p/…" or "apotheke-am-bahnhof-bern" → the page path; null when it cannot be one. */
export function pharmacyPathOf(path: string): string | null {
  const trimmed = path.trim().replace(/^\/+/, '').replace(/^p\//, '').replace(/\/+$/, '');
  return trimmed.length > 0 && trimmed.length <= MAX_PATH_LENGTH && /^[a-z0-9][a-z0-9-]*$/.test(trimmed) ? trimmed : null;
}

builder.queryField('pharmacy', (t) =>
  t.field({
    type: PharmacyRef,
    nullable: true,
    description: 'One pharmacy by its page path ("/p/…" or the path after /p/); null when there is none (the page answers 404).',
    args: { path: t.arg.string({ required: true, description: 'The page path, e.g. "/p/stadt-apotheke-bern".' }) },
    resolve: async (_root, args, ctx) => {
      if (args.path.length > MAX_PATH_LENGTH + 3) throw badArgument('path', `path must be at most ${MAX_PATH_LENGTH} characters.`);
      const path = pharmacyPathOf(args.path);
      if (!path) return null;
      try {
        const pharmacy = await ctx.store().invoke('readPharmacyByPath get /pharmacy/{path}', { pathParams: { path } });
        pharmacyLoader(ctx).prime(pharmacy.id, pharmacy);
        return pharmacy;
      } catch (error) {
        if (error instanceof StoreApiRequestError && error.statusCode === 404 && !isMissingRoute(error)) return null;
        throw error;
      }
    },
  }),
);
