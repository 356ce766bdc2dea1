import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { addPageTexts, type PageTexts } from '../../storefront/platform/i18n/pageTexts';
import { textLanguageProblems } from './text-languages';

// Every page namespace (storefront/platform/i18n/pageTexts/*.ts): the same keys and placeholders in de, it, fr.
const modules = import.meta.glob<Record<string, PageTexts>>('../../storefront/platform/i18n/pageTexts/*.ts', { eager: true });

type Texts = { [key: string]: unknown };
const flatten = (texts: Texts, prefix = ''): Array<[string, string]> =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : Array.isArray(value) ? value.flatMap((item, i) => (typeof item === 'string' ? [[`${prefix}${key}.${i}`, item] as [string, string]] : flatten(item as Texts, `${prefix}${key}.${i}.`))) : flatten(value as Texts, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the page namespaces in de, it, fr', () => {
  const namespaces = Object.entries(modules).map(([file, module]) => [/([\w-]+)\.ts$/.exec(file)![1]!, Object.values(module)[0]!] as const);

  it('finds the page namespaces', () => {
    expect(namespaces.map(([name]) => name)).toEqual(expect.arrayContaining(['brand', 'legal', 'pharmacy']));
  });

  for (const [name, texts] of namespaces) {
    it(`${name}: same keys and placeholders in every language, none empty, no ß`, () => {
      const de = new Map(flatten(texts.de as Texts));
      for (const locale of ['it', 'fr'] as const) {
        const other = new Map(flatten(texts[locale] as Texts));
        expect([...other.keys()].sort(), `${name} ${locale}`).toEqual([...de.keys()].sort());
        for (const [key, text] of other) expect(placeholders(text), `${name} ${locale} ${key}`).toEqual(placeholders(de.get(key)!));
      }
      for (const locale of ['de', 'it', 'fr'] as const) for (const [key, text] of flatten(texts[locale] as Texts)) expect(text.trim(), `${name} ${locale} ${key}`).not.toBe('');
      for (const text of de.values()) expect(text).not.toContain('ß');
    });

    it(`${name}: every text in its own language, none swapped between it and fr`, () => {
      expect(textLanguageProblems({ de: texts.de as Texts, it: texts.it as Texts, fr: texts.fr as Texts })).toEqual([]);
    });
  }

  it('adds a namespace to an i18next instance once, in every language', () => {
    const instance = createInstance();
    void instance.init({ lng: 'fr', resources: {}, initAsync: false });
    addPageTexts(instance, 'demo', { de: { hello: 'Grüezi' }, it: { hello: 'Ciao' }, fr: { hello: 'Bonjour' } });
    addPageTexts(instance, 'demo', { de: { hello: 'x' }, it: { hello: 'x' }, fr: { hello: 'x' } });
    expect(instance.t('demo:hello')).toBe('Bonjour');
    expect(instance.getFixedT('it')('demo:hello')).toBe('Ciao');
  });
});
