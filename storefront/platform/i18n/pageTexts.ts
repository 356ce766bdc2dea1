import type { i18n } from 'i18next';
import { useTranslation } from './useTranslation';
import { LOCALES, type ShopLocale } from './locales';

/**
 * A page's own texts in de, it and fr. The shell's namespaces (index.ts) are bundled into every page; a
 * content page's texts (brands, legal pages, pharmacy finder, …) travel only in that page's chunk and are
 * added to the i18next instance when the page renders — synchronously, on the server and in the browser,
 * so nothing suspends and hydration sees the same text.
 */
export type PageTexts = Readonly<Record<ShopLocale, Readonly<Record<string, unknown>>>>;

/** Adds a page namespace once per i18next instance (the server keeps one per language, the browser one). */
export function addPageTexts(instance: i18n, namespace: string, texts: PageTexts): void {
  for (const locale of LOCALES) {
    if (!instance.hasResourceBundle(locale, namespace)) instance.addResourceBundle(locale, namespace, texts[locale], true, false);
  }
}

/** useTranslation for a page namespace: `const { t } = usePageTexts('legal', legalTexts)`. */
export function usePageTexts(namespace: string, texts: PageTexts) {
  const { i18n: instance } = useTranslation();
  addPageTexts(instance, namespace, texts);
  return useTranslation(namespace);
}
