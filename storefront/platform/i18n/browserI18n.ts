import type { i18n } from 'i18next';
import type { ShopLocale } from './locales';
import { createI18nInstance } from './namespaces';

type Texts = Record<string, Record<string, unknown>>;

/**
 * The browser's texts come one language at a time: each language is its own chunk, loaded before the
 * page hydrates (+onBeforeRenderClient.ts) or before a client navigation renders another language, so
 * nothing suspends. The texts of the checkout, account and customer pages are a second chunk per language,
 * loaded only for pages that show those forms (a page's `+formTexts.ts` false says it does not).
 */
const shellTexts: Record<ShopLocale, () => Promise<{ default: Texts }>> = {
  de: () => import('./locale-texts/de'),
  it: () => import('./locale-texts/it'),
  fr: () => import('./locale-texts/fr'),
};
const formTexts: Record<ShopLocale, () => Promise<{ default: Texts }>> = {
  de: () => import('./locale-texts/de-forms'),
  it: () => import('./locale-texts/it-forms'),
  fr: () => import('./locale-texts/fr-forms'),
};

let instance: i18n | undefined;
const loaded = new Set<string>();

async function load(key: string, texts: () => Promise<{ default: Texts }>, locale: ShopLocale): Promise<void> {
  if (loaded.has(key)) return;
  const bundles = (await texts()).default;
  if (!instance) instance = createI18nInstance(locale, { [locale]: bundles });
  else for (const [namespace, bundle] of Object.entries(bundles)) instance.addResourceBundle(locale, namespace, bundle, true, false);
  loaded.add(key);
}

/** Loads a language's texts into the browser's i18next instance (each chunk once). */
export async function loadBrowserTexts(locale: ShopLocale, withForms: boolean): Promise<void> {
  await load(locale, shellTexts[locale], locale);
  if (withForms) await load(`${locale}-forms`, formTexts[locale], locale);
}

/** The browser's one i18next instance; a client navigation to another language switches it. */
export function browserI18n(locale: ShopLocale): i18n {
  if (!instance) throw new Error(`The texts of "${locale}" are not loaded: call loadBrowserTexts first.`);
  // The language's texts are loaded (onBeforeRenderClient): the switch is synchronous.
  if (instance.language !== locale) void instance.changeLanguage(locale);
  return instance;
}
