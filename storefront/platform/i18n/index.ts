import type { i18n } from 'i18next';
import de from './locale-texts/de';
import deForms from './locale-texts/de-forms';
import fr from './locale-texts/fr';
import frForms from './locale-texts/fr-forms';
import it from './locale-texts/it';
import itForms from './locale-texts/it-forms';
import type { ShopLocale } from './locales';
import { createI18nInstance } from './namespaces';

export { NAMESPACES, type ShopNamespace } from './namespaces';

/** The shell's texts in all three languages: for the server and tests (the browser loads one language). */
export const resources = { de: { ...de, ...deForms }, it: { ...it, ...itForms }, fr: { ...fr, ...frForms } } as const;

/**
 * An i18next instance in one language with every language's texts. The server keeps one per language
 * (serverI18n.ts); the browser builds its own from its page's language only (browserI18n.ts).
 */
export function createShopI18n(locale: ShopLocale): i18n {
  return createI18nInstance(locale, resources);
}
