import type { Db } from '../db/connection';
import { idList, queryAll, queryOne } from '../dal/statements';
import { haversineKm, isOpenAt, roundedKm, shopClock, WEEKDAYS, type Coordinates, type OpeningHours } from '../domain/pharmacy-finder';

// The shop's pharmacies (no Shopware counterpart): Click & Collect pickup points, as the custom route
// POST /pharmacy answers them (apiAlias "pharmacy").

type Json = Record<string, unknown>;

interface PharmacyRow {
  id: string;
  url_path: string;
  name: string;
  street: string;
  zipcode: string;
  city: string;
  country_id: string;
  latitude: number;
  longitude: number;
  phone: string;
  email: string;
  opening_hours: string;
  services: string;
  click_and_collect: number;
}

/** Opening hours per weekday: a list of [from, to] times, every day present (closed: []). */
export function openingHoursJson(text: string): OpeningHours {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  const hours = {} as OpeningHours;
  for (const day of WEEKDAYS) {
    const ranges = Array.isArray(parsed[day]) ? (parsed[day] as unknown[]) : [];
    hours[day] = ranges.filter((r): r is [string, string] => Array.isArray(r) && r.length === 2 && r.every((t) => typeof t === 'string'));
  }
  return hours;
}

function servicesJson(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** A pharmacy as POST /pharmacy answers it; `openNow` and `today` (weekday key) in Zurich time at `now`. */
export function pharmacyJson(row: PharmacyRow, now: Date = new Date()): Json {
  const openingHours = openingHoursJson(row.opening_hours);
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    zipcode: row.zipcode,
    city: row.city,
    countryId: row.country_id,
    latitude: row.latitude,
    longitude: row.longitude,
    phoneNumber: row.phone,
    email: row.email,
    openingHours,
    openNow: isOpenAt(openingHours, now),
    today: shopClock(now).weekday,
    services: servicesJson(row.services),
    clickAndCollect: row.click_and_collect === 1,
    urlPath: row.url_path,
    apiAlias: 'pharmacy',
  };
}

export interface PharmacySearch {
  /** postal code prefix, or part of the town or the name (case-insensitive) */
  search?: string;
  ids?: string[];
  onlyClickAndCollect?: boolean;
  limit: number;
}

/** Escapes LIKE wildcards so a search for "50%" looks for the characters. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Pharmacies matching a search, by postal code then name; `total` counts all matches. */
export function searchPharmacies(db: Db, query: PharmacySearch): { elements: Json[]; total: number } {
  const search = query.search?.trim().toLowerCase() ?? '';
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (search) {
    conditions.push("(zipcode LIKE ? ESCAPE '\\' OR lower(city) LIKE ? ESCAPE '\\' OR lower(name) LIKE ? ESCAPE '\\')");
    const escaped = likeEscape(search);
    params.push(`${escaped}%`, `%${escaped}%`, `%${escaped}%`);
  }
  if (query.ids) {
    conditions.push('id IN (SELECT value FROM json_each(?))');
    params.push(idList(query.ids));
  }
  if (query.onlyClickAndCollect) conditions.push('click_and_collect = 1');
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = queryOne<{ n: number }>(db, `SELECT COUNT(*) AS n FROM pharmacy ${where}`, params)?.n ?? 0;
  const rows = queryAll<PharmacyRow>(db, `SELECT * FROM pharmacy ${where} ORDER BY zipcode, name LIMIT ?`, [...params, query.limit]);
  const now = new Date();
  return { elements: rows.map((row) => pharmacyJson(row, now)), total };
}

/** One pharmacy by its page path (url_path, without /p/). */
export function pharmacyByPath(db: Db, path: string): Json | null {
  const row = queryOne<PharmacyRow>(db, 'SELECT * FROM pharmacy WHERE url_path = ?', [path]);
  return row ? pharmacyJson(row) : null;
}

export interface Place extends Coordinates {
  zipcode: string;
  city: string;
  countryIso: string;
}

/** Lower case without accents, so "zurich", "ZÜRICH" and "Zürich" are one town. */
function townKey(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The place a finder search means: a postal code (4 digits, also "8001 Zürich") or a town (exact name
 * first, then the start of a name; accents and case do not matter). Null when no seeded place matches.
 */
export function resolvePlace(db: Db, search: string): Place | null {
  const text = search.trim();
  const code = /^(\d{4})\b/.exec(text)?.[1];
  const rows = queryAll<{ zipcode: string; city: string; country_iso: string; latitude: number; longitude: number }>(
    db,
    'SELECT zipcode, city, country_iso, latitude, longitude FROM postal_code_location ORDER BY zipcode, city',
  );
  const toPlace = (row: (typeof rows)[number]): Place => ({
    zipcode: row.zipcode, city: row.city, countryIso: row.country_iso, latitude: row.latitude, longitude: row.longitude,
  });
  if (code) {
    const byCode = rows.filter((row) => row.zipcode === code);
    const town = townKey(text.slice(4));
    const row = (town ? byCode.find((r) => townKey(r.city) === town) : undefined) ?? byCode[0];
    return row ? toPlace(row) : null;
  }
  if (/^\d+$/.test(text)) return null;
  const town = townKey(text);
  if (town.length < 2) return null;
  const row = rows.find((r) => townKey(r.city) === town) ?? rows.find((r) => townKey(r.city).startsWith(town));
  return row ? toPlace(row) : null;
}

export interface NearbySearch {
  origin: Coordinates;
  ids?: string[];
  onlyClickAndCollect?: boolean;
  limit: number;
}

/** Pharmacies nearest first, each with `distance` in km (one decimal); `total` counts all candidates. */
export function pharmaciesNearby(db: Db, query: NearbySearch): { elements: Json[]; total: number } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.ids) {
    conditions.push('id IN (SELECT value FROM json_each(?))');
    params.push(idList(query.ids));
  }
  if (query.onlyClickAndCollect) conditions.push('click_and_collect = 1');
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const rows = queryAll<PharmacyRow>(db, `SELECT * FROM pharmacy ${where}`, params);
  const now = new Date();
  const sorted = rows
    .map((row) => ({ row, km: haversineKm(query.origin, row) }))
    .sort((a, b) => a.km - b.km || a.row.name.localeCompare(b.row.name));
  return {
    elements: sorted.slice(0, query.limit).map(({ row, km }) => ({ ...pharmacyJson(row, now), distance: roundedKm(km) })),
    total: rows.length,
  };
}
