import { describe, expect, it } from 'vitest';
import de from '../../storefront/platform/i18n/de/account.json';
import fr from '../../storefront/platform/i18n/fr/account.json';
import it_ from '../../storefront/platform/i18n/it/account.json';
import { createShopI18n } from '../../storefront/platform/i18n/index';
import { textLanguageProblems } from './text-languages';

type Texts = { [key: string]: string | Texts };
const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));
const values = (texts: Texts): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}|<(\w+)>/g)].map((match) => match[1] ?? match[2]).sort();
const at = (texts: Texts, key: string): string => key.split('.').reduce<string | Texts>((node, part) => (node as Texts)[part]!, texts) as string;

describe('the account texts (login, registration, password reset, account pages) in de, it, fr', () => {
  it('has the same keys in every language, none empty', () => {
    expect(keys(it_).sort()).toEqual(keys(de).sort());
    expect(keys(fr).sort()).toEqual(keys(de).sort());
    for (const texts of [de, it_, fr]) for (const text of values(texts)) expect(text.trim()).not.toBe('');
  });

  it('keeps the same placeholders and tags in every language', () => {
    for (const key of keys(de)) {
      expect(placeholders(at(it_, key)), `it ${key}`).toEqual(placeholders(at(de, key)));
      expect(placeholders(at(fr, key)), `fr ${key}`).toEqual(placeholders(at(de, key)));
    }
  });

  it('writes Swiss German (no ß) and uses the SPEC §5 wording', () => {
    expect(values(de).join(' ')).not.toContain('ß');
    expect(de.errors.unavailable).toBe('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
  });

  it('is registered as the account namespace and says "check your mail" after the registration', () => {
    for (const [locale, word] of [['de', 'E-Mail-Postfach'], ['it', 'casella di posta'], ['fr', 'boîte e-mail']] as const) {
      const i18n = createShopI18n(locale);
      expect(i18n.t('register.successText', { ns: 'account', email: 'a@b.ch' })).toContain(word);
      expect(i18n.t('register.successText', { ns: 'account', email: 'a@b.ch' })).toContain('a@b.ch');
    }
  });

  it('writes every text in its own language: none swapped between it and fr, none left in German', () => {
    expect(textLanguageProblems({ de, it: it_, fr })).toEqual([]);
  });
});
