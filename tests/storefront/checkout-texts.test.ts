import { describe, expect, it } from 'vitest';
import { SHOP_ERROR_MESSAGES } from '../../gateway/src/messages';
import de from '../../storefront/platform/i18n/de/checkout.json';
import fr from '../../storefront/platform/i18n/fr/checkout.json';
import it_ from '../../storefront/platform/i18n/it/checkout.json';
import { createShopI18n } from '../../storefront/platform/i18n';
import { textLanguageProblems } from './text-languages';

type Texts = { [key: string]: string | Texts };
const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));
const values = (texts: Texts): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((match) => match[1] ?? match[2]).sort();

describe('the checkout texts (checkout, order success, paid and unpaid pages) in de, it, fr', () => {
  it('refuse an order without the terms or the waiver in the words of the gateway, which checks both on any Shopware (ADR 0027)', () => {
    const texts = { de, it: it_, fr };
    for (const locale of ['de', 'it', 'fr'] as const) {
      expect(texts[locale].order.termsRequired, locale).toBe(SHOP_ERROR_MESSAGES.TERMS_NOT_ACCEPTED[locale]);
      expect(texts[locale].order.waiverRequired, locale).toBe(SHOP_ERROR_MESSAGES.DOWNLOAD_WAIVER_REQUIRED[locale]);
    }
  });

  it('has the same keys in every language, none empty', () => {
    expect(keys(it_).sort()).toEqual(keys(de).sort());
    expect(keys(fr).sort()).toEqual(keys(de).sort());
    for (const texts of [de, it_, fr]) for (const text of values(texts)) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders and links in every language', () => {
    const lookup = (texts: Texts, key: string) => key.split('.').reduce<string | Texts>((node, part) => (node as Texts)[part]!, texts) as string;
    for (const key of keys(de)) {
      const expected = placeholders(lookup(de, key));
      expect(placeholders(lookup(it_, key)), `it ${key}`).toEqual(expected);
      expect(placeholders(lookup(fr, key)), `fr ${key}`).toEqual(expected);
    }
  });

  it('writes Swiss German (no ß) and uses the SPEC wording', () => {
    expect(values(de).join(' ')).not.toContain('ß');
    expect(de.errors.unavailable).toBe('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
    expect(de.payment.invoiceNotAllowed).toMatch(/Rechnung.*nicht möglich/);
    expect(de.order.submit).toBe('Zahlungspflichtig bestellen');
  });

  it('counts the seconds to the payment page in singular and plural', () => {
    const i18n = createShopI18n('de');
    expect(i18n.t('success.countdown', { ns: 'checkout', count: 5 })).toBe('Sie werden in 5 Sekunden zur Zahlung weitergeleitet.');
    expect(i18n.t('success.countdown', { ns: 'checkout', count: 1 })).toBe('Sie werden in 1 Sekunde zur Zahlung weitergeleitet.');
    expect(createShopI18n('fr').t('success.countdown', { ns: 'checkout', count: 0 })).toBe('Vous serez redirigé vers le paiement dans 0 seconde.');
  });

  it('writes every text in its own language: none swapped between it and fr, none left in German', () => {
    expect(textLanguageProblems({ de, it: it_, fr })).toEqual([]);
  });
});
