import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm, isOpenAt, roundedKm, shopClock, type OpeningHours } from '../../store-api/src/domain/pharmacy-finder';
import { ensurePostalCodes, postalCodeLocations } from '../../store-api/src/seed/postal-codes';
import { openPrivateTestShop, openTestShop } from '../support/shop';

// The pharmacy finder: distances, "open now" in Zurich time (summer time, midnight), search by postal code
// or town through postal_code_location, "near me" coordinates and the pharmacy page's 404.

type Shop = Awaited<ReturnType<typeof openTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let shop: Shop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

const ZURICH = { latitude: 47.3769, longitude: 8.5417 };
const BERN = { latitude: 46.948, longitude: 7.4474 };
const GENEVE = { latitude: 46.2044, longitude: 6.1432 };

describe('haversineKm', () => {
  it('measures known distances between Swiss towns', () => {
    expect(haversineKm(ZURICH, ZURICH)).toBe(0);
    expect(haversineKm(ZURICH, BERN)).toBeGreaterThan(94);
    expect(haversineKm(ZURICH, BERN)).toBeLessThan(96);
    expect(haversineKm(BERN, ZURICH)).toBeCloseTo(haversineKm(ZURICH, BERN), 9);
    expect(haversineKm(ZURICH, GENEVE)).toBeGreaterThan(223);
    expect(haversineKm(ZURICH, GENEVE)).toBeLessThan(226);
  });

  it('rounds to one decimal', () => {
    expect(roundedKm(1.04)).toBe(1);
    expect(roundedKm(1.05)).toBe(1.1);
    expect(roundedKm(0.049)).toBe(0);
  });
});

function hours(partial: Partial<OpeningHours>): OpeningHours {
  return { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [], ...partial };
}

describe('isOpenAt (Europe/Zurich)', () => {
  const weekday = hours({ mon: [['08:00', '12:00'], ['13:30', '18:30']], sat: [['08:00', '16:00']] });

  it('opens at the first minute and closes at the closing minute (winter time, UTC+1)', () => {
    // Monday 12 January 2026
    expect(isOpenAt(weekday, new Date('2026-01-12T06:59:00Z'))).toBe(false); // 07:59
    expect(isOpenAt(weekday, new Date('2026-01-12T07:00:00Z'))).toBe(true); // 08:00
    expect(isOpenAt(weekday, new Date('2026-01-12T10:59:00Z'))).toBe(true); // 11:59
    expect(isOpenAt(weekday, new Date('2026-01-12T11:00:00Z'))).toBe(false); // 12:00 lunch
    expect(isOpenAt(weekday, new Date('2026-01-12T12:30:00Z'))).toBe(true); // 13:30
    expect(isOpenAt(weekday, new Date('2026-01-12T17:30:00Z'))).toBe(false); // 18:30
    expect(isOpenAt(weekday, new Date('2026-01-11T10:00:00Z'))).toBe(false); // Sunday
  });

  it('follows summer time (UTC+2) and its changeover days', () => {
    // Monday 13 July 2026: 06:30 UTC is 08:30 in Zurich
    expect(isOpenAt(weekday, new Date('2026-07-13T06:30:00Z'))).toBe(true);
    expect(isOpenAt(weekday, new Date('2026-07-13T16:29:00Z'))).toBe(true); // 18:29
    expect(isOpenAt(weekday, new Date('2026-07-13T16:30:00Z'))).toBe(false); // 18:30
    // Saturday 28 March 2026 (winter) and Monday 30 March (after the change on Sunday 29 March)
    expect(isOpenAt(weekday, new Date('2026-03-28T06:30:00Z'))).toBe(false); // 07:30
    expect(isOpenAt(weekday, new Date('2026-03-30T06:30:00Z'))).toBe(true); // 08:30
    // Sunday 25 October 2026, back to winter time: 00:30 UTC is 02:30 CEST → still Sunday
    expect(shopClock(new Date('2026-10-25T00:30:00Z'))).toEqual({ weekday: 'sun', minutes: 150 });
    expect(shopClock(new Date('2026-10-25T01:30:00Z'))).toEqual({ weekday: 'sun', minutes: 150 }); // 02:30 again
    expect(shopClock(new Date('2026-03-29T01:00:00Z'))).toEqual({ weekday: 'sun', minutes: 180 }); // 02:00 skipped
  });

  it('handles ranges to midnight and past midnight', () => {
    const late = hours({ fri: [['18:00', '02:00']], sat: [['10:00', '24:00']], sun: [['00:00', '00:00']] });
    // Friday 16 January 2026, winter time
    expect(isOpenAt(late, new Date('2026-01-16T22:59:00Z'))).toBe(true); // Fri 23:59
    expect(isOpenAt(late, new Date('2026-01-16T23:00:00Z'))).toBe(true); // Sat 00:00 (Friday's night)
    expect(isOpenAt(late, new Date('2026-01-17T00:59:00Z'))).toBe(true); // Sat 01:59
    expect(isOpenAt(late, new Date('2026-01-17T01:00:00Z'))).toBe(false); // Sat 02:00
    expect(isOpenAt(late, new Date('2026-01-17T22:59:00Z'))).toBe(true); // Sat 23:59 (until 24:00)
    expect(isOpenAt(late, new Date('2026-01-18T12:00:00Z'))).toBe(true); // Sunday all day
    const untilMidnight = hours({ mon: [['20:00', '00:00']] });
    expect(isOpenAt(untilMidnight, new Date('2026-01-12T22:30:00Z'))).toBe(true); // Mon 23:30
    expect(isOpenAt(untilMidnight, new Date('2026-01-12T23:00:00Z'))).toBe(false); // Tue 00:00
  });
});

function seedDistanceOrder(origin: { latitude: number; longitude: number }): { id: string; km: number }[] {
  const rows = shop.db.prepare('SELECT id, latitude, longitude FROM pharmacy').all() as { id: string; latitude: number; longitude: number }[];
  return rows.map((r) => ({ id: r.id, km: haversineKm(origin, r) })).sort((a, b) => a.km - b.km);
}

describe('POST /pharmacy as the finder', () => {
  it('seeds every pharmacy town and Liechtenstein', () => {
    const places = postalCodeLocations();
    expect(places.length).toBeGreaterThan(300);
    const pharmacies = shop.db.prepare('SELECT zipcode, city FROM pharmacy').all() as { zipcode: string; city: string }[];
    for (const p of pharmacies) expect(places.some((place) => place.zipcode === p.zipcode && place.city === p.city)).toBe(true);
    expect(places.find((p) => p.zipcode === '9490')).toMatchObject({ city: 'Vaduz', countryIso: 'LI' });
    expect(shop.db.prepare('SELECT COUNT(*) FROM postal_code_location').pluck().get()).toBe(places.length);
  });

  it('gives a shop seeded before the finder its postal codes once', async () => {
    const older = await openPrivateTestShop();
    try {
      older.db.prepare('DELETE FROM postal_code_location').run();
      expect(ensurePostalCodes(older.db)).toBe(postalCodeLocations().length);
      expect(ensurePostalCodes(older.db)).toBe(0);
      const res = await older.call('POST', '/store-api/pharmacy', { body: { search: '9490', sort: 'distance', limit: 1 } });
      expect(res.json.place).toMatchObject({ city: 'Vaduz' });
    } finally {
      older.close();
    }
  });

  it('finds by postal code: nearest first, distance in km with one decimal, the place', async () => {
    const res = await shop.call('POST', '/store-api/pharmacy', { body: { search: '8001', sort: 'distance', limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ placeFound: true, place: { zipcode: '8001', city: 'Zürich', countryIso: 'CH' }, total: 52 });
    const place = res.json.place as { latitude: number; longitude: number };
    const expected = seedDistanceOrder(place);
    expect(res.json.elements.map((p: Json) => p.id)).toEqual(expected.slice(0, 5).map((p) => p.id));
    expect(res.json.elements[0].distance).toBe(roundedKm(expected[0]!.km));
    const distances = res.json.elements.map((p: Json) => p.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(res.json.elements[0]).toMatchObject({ openNow: expect.any(Boolean), today: expect.stringMatching(/^(mon|tue|wed|thu|fri|sat|sun)$/), services: expect.any(Array) });
  });

  it('finds by town in any case and without accents, and by "postal code town"', async () => {
    for (const search of ['zurich', 'ZÜRICH', '8001 Zürich', 'Lugano', 'vaduz']) {
      const res = await shop.call('POST', '/store-api/pharmacy', { body: { search, sort: 'distance', limit: 1 } });
      expect(res.json.placeFound, search).toBe(true);
      expect(res.json.elements[0].distance, search).toBeLessThan(5);
    }
    const vaduz = await shop.call('POST', '/store-api/pharmacy', { body: { search: 'Vaduz', sort: 'distance', limit: 1 } });
    expect(vaduz.json.place).toMatchObject({ zipcode: '9490', countryIso: 'LI' });
  });

  it('answers an empty list and placeFound false for an unknown place', async () => {
    for (const search of ['0000', 'Atlantis', '12']) {
      const res = await shop.call('POST', '/store-api/pharmacy', { body: { search, sort: 'distance' } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ elements: [], total: 0, placeFound: false, place: null });
    }
  });

  it('sorts by distance from coordinates ("near me") and checks them', async () => {
    const res = await shop.call('POST', '/store-api/pharmacy', { body: { ...GENEVE, limit: 3, clickAndCollect: true } });
    expect(res.status).toBe(200);
    expect(res.json.elements[0].city).toBe('Genève');
    expect(res.json.elements.every((p: Json) => p.clickAndCollect)).toBe(true);
    for (const [body, pointer] of [
      [{ latitude: 91, longitude: 8 }, '/latitude'],
      [{ latitude: 46, longitude: -181 }, '/longitude'],
      [{ latitude: '46', longitude: 8 }, '/latitude'],
      [{ latitude: 46 }, '/longitude'],
      [{ search: 'Bern', sort: 'name' }, '/sort'],
    ] as const) {
      const refused = await shop.call('POST', '/store-api/pharmacy', { body });
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0].source.pointer).toBe(pointer);
    }
  });

  it('keeps the checkout picker’s filter when no distance sort is asked', async () => {
    const byZip = await shop.call('POST', '/store-api/pharmacy', { body: { search: '80' } });
    expect(byZip.json.elements.map((p: Json) => p.zipcode)).toEqual(['8001', '8004']);
    expect(byZip.json.placeFound).toBeUndefined();
  });
});

describe('GET|POST /pharmacy/{path}', () => {
  it('answers one pharmacy by its page path, 404 PHARMACY__NOT_FOUND otherwise', async () => {
    const path = shop.db.prepare('SELECT url_path FROM pharmacy ORDER BY url_path LIMIT 1').pluck().get() as string;
    const found = await shop.call('GET', `/store-api/pharmacy/${path}`);
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ apiAlias: 'pharmacy', urlPath: path, openNow: expect.any(Boolean) });
    const posted = await shop.call('POST', `/store-api/pharmacy/${path}`, { body: {} });
    expect(posted.json.id).toBe(found.json.id);
    const missing = await shop.call('GET', '/store-api/pharmacy/xyz');
    expect(missing.status).toBe(404);
    expect(missing.json.errors[0].code).toBe('PHARMACY__NOT_FOUND');
  });
});
