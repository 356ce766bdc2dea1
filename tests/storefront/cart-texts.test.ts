import { describe, expect, it } from 'vitest';
import de from '../../storefront/platform/i18n/de/cart.json';
import fr from '../../storefront/platform/i18n/fr/cart.json';
import it_ from '../../storefront/platform/i18n/it/cart.json';
import { textLanguageProblems } from './text-languages';

type Texts = { [key: string]: string | Texts };
const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));
const values = (texts: Texts): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();

describe('the cart texts (cart page, add to cart, header prompt) in de, it, fr', () => {
  it('has the same keys in every language, none empty', () => {
    expect(keys(it_).sort()).toEqual(keys(de).sort());
    expect(keys(fr).sort()).toEqual(keys(de).sort());
    for (const texts of [de, it_, fr]) for (const text of values(texts)) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders in every language', () => {
    const lookup = (texts: Texts, key: string): string => key.split('.').reduce<Texts | string>((node, part) => (node as Texts)[part]!, texts) as string;
    for (const key of keys(de)) {
      expect(placeholders(lookup(it_, key)), `it ${key}`).toEqual(placeholders(lookup(de, key)));
      expect(placeholders(lookup(fr, key)), `fr ${key}`).toEqual(placeholders(lookup(de, key)));
    }
  });

  it('writes Swiss German (no ß) and keeps the SPEC wording', () => {
    expect(values(de).join(' ')).not.toContain('ß');
    expect(de.errors.PROMOTION_NOT_FOUND).toBe('Der Aktionscode wurde nicht gefunden');
    expect(de.errors.generic).toBe('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
    expect(de.freeShipping.missing).toBe('{{amount}} fehlen für kostenlosen Versand');
  });

  it('writes every text in its own language: none swapped between it and fr, none left in German', () => {
    expect(textLanguageProblems({ de, it: it_, fr })).toEqual([]);
  });
});
