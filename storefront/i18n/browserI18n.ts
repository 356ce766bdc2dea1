import type { i18n } from 'i18next';
import type { ShopLocale } from './locales';
import { createI18nInstance } from './namespaces';

/**
 * The browser's texts come one language at a time: each language is its own chunk, loaded before the
 * page hydrates (+onBeforeRenderClient.ts) or before a client navigation renders another language, so
 * a page ships a third of the shell's texts and nothing suspends.
 */
const localeTexts: Record<ShopLocale, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  de: () => import('./locale-texts/de'),
  it: () => import('./locale-texts/it'),
  fr: () => import('./locale-texts/fr'),
};

let instance: i18n | undefined;
const loaded = new Set<ShopLocale>();

/** Loads a language's shell texts into the browser's i18next instance (once per language). */
export async function loadBrowserTexts(locale: ShopLocale): Promise<void> {
  if (loaded.has(locale)) return;
  const texts = (await localeTexts[locale]()).default;
  if (!instance) instance = createI18nInstance(locale, { [locale]: texts });
  else for (const [namespace, bundle] of Object.entries(texts)) instance.addResourceBundle(locale, namespace, bundle, true, false);
  loaded.add(locale);
}

/** The browser's one i18next instance; a client navigation to another language switches it. */
export function browserI18n(locale: ShopLocale): i18n {
  if (!instance) throw new Error(`The texts of "${locale}" are not loaded: call loadBrowserTexts first.`);
  // The language's texts are loaded (onBeforeRenderClient): the switch is synchronous.
  if (instance.language !== locale) void instance.changeLanguage(locale);
  return instance;
}
