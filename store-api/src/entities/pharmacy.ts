import type { Db } from '../db/connection';
import { idList, queryAll, queryOne } from '../dal/statements';

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
  click_and_collect: number;
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type OpeningHours = Record<(typeof WEEKDAYS)[number], [string, string][]>;

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

export function pharmacyJson(row: PharmacyRow): Json {
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
    openingHours: openingHoursJson(row.opening_hours),
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
  return { elements: rows.map(pharmacyJson), total };
}
