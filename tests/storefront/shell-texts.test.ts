import { describe, expect, it } from 'vitest';
import de from '../../storefront/platform/i18n/de/shell.json';
import fr from '../../storefront/platform/i18n/fr/shell.json';
import it_ from '../../storefront/platform/i18n/it/shell.json';
import { textLanguageProblems } from './text-languages';

type Texts = { [key: string]: string | Texts };
const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));
const values = (texts: Texts): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));

describe('the shell texts (header, footer, menus) in de, it, fr', () => {
  it('has the same keys in every language, none empty', () => {
    expect(keys(it_).sort()).toEqual(keys(de).sort());
    expect(keys(fr).sort()).toEqual(keys(de).sort());
    for (const texts of [de, it_, fr]) for (const text of values(texts)) expect(text.trim()).not.toBe('');
  });

  it('writes Swiss German (no ß) and uses the SPEC wording for a required field', () => {
    expect(values(de).join(' ')).not.toContain('ß');
    expect(de.newsletter.required).toBe('Der Wert ist erforderlich');
  });

  it('carries the AI-text note in every language (SPEC §1)', () => {
    expect(de.footer.aiNote).toMatch(/künstlicher Intelligenz.*gesundheitliche Entscheidungen/);
    expect(it_.footer.aiNote).toMatch(/intelligenza artificiale.*decisioni sulla salute/);
    expect(fr.footer.aiNote).toMatch(/intelligence artificielle.*décisions de santé/);
  });

  it('writes every text in its own language: none swapped between it and fr, none left in German', () => {
    expect(textLanguageProblems({ de, it: it_, fr })).toEqual([]);
  });
});
