import { describe, expect, it } from 'vitest';
import { formatShopDate } from '../../storefront/platform/i18n/dates';

// formatShopDate writes dates without Intl (a phone's first Intl object costs about 100 ms of the product page's
// hydration): it must write exactly what Intl.DateTimeFormat writes in Swiss time, summer time switches included.

const STYLES = ['medium', 'long'] as const;
const LOCALES = [
  ['de', 'de-CH'],
  ['it', 'it-CH'],
  ['fr', 'fr-CH'],
] as const;

describe('shop dates (SPEC §9: per locale, Swiss time)', () => {
  it('writes every day of three years as Intl does, at noon and just before and after midnight in Zurich', () => {
    for (const [locale, intlLocale] of LOCALES) {
      for (const style of STYLES) {
        const intl = new Intl.DateTimeFormat(intlLocale, { dateStyle: style, timeZone: 'Europe/Zurich' });
        for (let midnightUtc = Date.UTC(2025, 0, 1); midnightUtc < Date.UTC(2028, 0, 1); midnightUtc += 86_400_000) {
          // 12:00 UTC, and 21:30, 22:30, 23:30 UTC: around midnight in Zurich in winter (23:00 UTC) and summer (22:00 UTC)
          for (const hours of [12, 21.5, 22.5, 23.5]) {
            const date = new Date(midnightUtc + hours * 3_600_000);
            expect(formatShopDate(date, locale, style), `${locale} ${style} ${date.toISOString()}`).toBe(intl.format(date));
          }
        }
      }
    }
  });

  it('switches to and from summer time at 01:00 UTC on the last Sundays of March and October', () => {
    const intl = new Intl.DateTimeFormat('de-CH', { dateStyle: 'medium', timeZone: 'Europe/Zurich' });
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC; 22:00-23:00 UTC is the next day in summer.
    for (const iso of ['2026-03-28T22:30:00Z', '2026-03-29T22:30:00Z', '2026-10-24T22:30:00Z', '2026-10-25T22:30:00Z', '2026-10-25T23:30:00Z', '1996-10-26T22:30:00Z']) {
      expect(formatShopDate(iso, 'de'), iso).toBe(intl.format(new Date(iso)));
    }
    expect(formatShopDate('2026-03-29T22:30:00Z', 'de')).toBe('30.03.2026');
    expect(formatShopDate('2026-03-28T22:30:00Z', 'de')).toBe('28.03.2026');
  });

  it('takes ISO strings and leaves what it does not cover to Intl', () => {
    expect(formatShopDate('2026-11-26', 'fr', 'long')).toBe('26 novembre 2026');
    expect(formatShopDate('2026-11-26T10:00:00.000Z', 'it')).toBe('26 nov 2026');
    for (const [locale, intlLocale] of LOCALES) {
      const intl = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeZone: 'Europe/Zurich' });
      for (const iso of ['1970-01-01T00:00:00Z', '2150-06-01T12:00:00Z']) expect(formatShopDate(iso, locale)).toBe(intl.format(new Date(iso)));
      expect(() => formatShopDate('not a date', locale)).toThrow(RangeError);
    }
  });
});
