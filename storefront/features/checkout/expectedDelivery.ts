import type { TFunction } from 'i18next';
import { INTL_LOCALE, type ShopLocale } from '../../platform/i18n/locales';

export interface ExpectedDeliveryData {
  readonly kind: string;
  readonly dispatchDay?: string | null;
  /** "YYYY-MM-DD" */
  readonly earliest: string;
  readonly latest: string;
}

const formats = new Map<ShopLocale, Intl.DateTimeFormat>();

/** A calendar day ("2026-11-23") as the shopper's locale writes it ("Mo., 23. November"); no time zone shift. */
export function formatDay(day: string, locale: ShopLocale): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' });
    formats.set(locale, format);
  }
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
}

/**
 * SPEC §9 expected delivery in words: dispatch day and delivery days, pickup day, prescription, download. A pickup
 * (`pickup`: Click & Collect, prescription medicines included) is ready from its first day, never "delivered".
 */
export function expectedDeliveryText(delivery: ExpectedDeliveryData, t: TFunction, locale: ShopLocale, pickup = false): string {
  const earliest = formatDay(delivery.earliest, locale);
  if (pickup && delivery.kind !== 'DOWNLOAD') return t('delivery.pickupFrom', { day: earliest });
  const latest = formatDay(delivery.latest, locale);
  const range = delivery.earliest === delivery.latest ? earliest : t('delivery.range', { earliest, latest });
  switch (delivery.kind) {
    case 'DOWNLOAD':
      return t('delivery.download');
    case 'CLICK_AND_COLLECT':
      return t('delivery.pickup', { range });
    case 'PRESCRIPTION':
      return t('delivery.prescription', { range });
    default: {
      const day = delivery.dispatchDay === 'TODAY' || delivery.dispatchDay === 'TOMORROW' || delivery.dispatchDay === 'MONDAY' ? delivery.dispatchDay : null;
      return day ? t(`delivery.dispatch.${day}`, { range }) : t('delivery.delivery', { range });
    }
  }
}
