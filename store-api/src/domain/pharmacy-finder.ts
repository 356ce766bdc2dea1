// The pharmacy finder's rules: distance between two places and whether a pharmacy is open at a moment.
// Both are pure functions (the moment is a parameter), so the boundaries are tested without a clock.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Per weekday a list of [from, to] ("08:00", "18:30"); [] is closed. A range whose end is not after its
 * start runs past midnight ("20:00"–"02:00"); "24:00" and "00:00" as the end both mean midnight. */
export type OpeningHours = Record<Weekday, [string, string][]>;

export const SHOP_TIME_ZONE = 'Europe/Zurich';
const EARTH_RADIUS_KM = 6371.0088;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km (haversine on a sphere of the earth's mean radius). */
export function haversineKm(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the finder shows it: km with one decimal. */
export function roundedKm(km: number): number {
  return Math.round(km * 10) / 10;
}

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
const WEEKDAY_OF: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

/** The shop's wall clock at a moment: weekday and minutes after midnight in Zurich (summer time included). */
export function shopClock(moment: Date): { weekday: Weekday; minutes: number } {
  const parts = Object.fromEntries(clockFormat.formatToParts(moment).map((p) => [p.type, p.value]));
  const weekday = WEEKDAY_OF[parts.weekday ?? ''] ?? 'mon';
  return { weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** "08:30" → 510; null when it is not a time of day (00:00 … 24:00). */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** Whether a pharmacy with these hours is open at the moment (in Zurich time). */
export function isOpenAt(hours: OpeningHours, moment: Date): boolean {
  const { weekday, minutes } = shopClock(moment);
  const today = WEEKDAYS.indexOf(weekday);
  const yesterday = WEEKDAYS[(today + 6) % 7]!;
  for (const [fromText, toText] of hours[weekday] ?? []) {
    const from = minutesOf(fromText);
    const to = minutesOf(toText);
    if (from === null || to === null) continue;
    // today's part of a range: from its start until its end, or until midnight when it runs past it
    const end = to > from ? to : 24 * 60;
    if (minutes >= from && minutes < end) return true;
  }
  for (const [fromText, toText] of hours[yesterday] ?? []) {
    const from = minutesOf(fromText);
    const to = minutesOf(toText);
    if (from === null || to === null) continue;
    // the after-midnight part of yesterday's range that ran past midnight
    if (to < from && to !== 0 && minutes < to) return true;
  }
  return false;
}
