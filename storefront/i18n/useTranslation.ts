import { createContext, useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { getI18n, I18nContext, type useTranslation as useReactI18nextTranslation } from 'react-i18next';

// Every component's texts come through this hook. react-i18next's own copies the i18next instance into a wrapper
// object on every component's first render: on the server every render is a first one (a tenth of a product
// page's render time, issue 4), and in the browser hydration is every component's first render (45 ms of a
// phone's main thread at 4x slowdown on the home page, issue 8). This hook hands out one `t` per language and
// namespace instead; the texts are the same, so hydration matches. In the browser a language switch re-renders
// the components through ShopLocaleContext (+Wrapper.tsx), whose value is the page's language.

/** The page's language (de, it, fr): a change re-renders every component that shows texts. */
export const ShopLocaleContext = createContext<string | null>(null);

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function serverT(i18n: I18n, namespace: string | undefined): TFunction {
  let byNamespace = fixedTs.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    fixedTs.set(i18n, byNamespace);
  }
  const key = namespace ?? '';
  let t = byNamespace.get(key);
  if (!t) {
    const fixedT = i18n.getFixedT(null, namespace ?? null) as unknown as (...args: unknown[]) => unknown;
    // Most texts are asked without options ("t('tabs.description')"), and each i18next call copies all of its
    // options: those answers are kept (the server's texts never change while it runs).
    const plain = new Map<string, string>();
    t = ((textKey: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof textKey !== 'string') return fixedT(textKey, ...rest);
      let text = plain.get(textKey);
      if (text === undefined) {
        text = String(fixedT(textKey));
        plain.set(textKey, text);
      }
      return text;
    }) as unknown as TFunction;
    // i18next's own fields of a fixed t (ns, lng, keyPrefix): <Trans t={t}> reads its namespace from them.
    Object.assign(t, fixedT);
    byNamespace.set(key, t);
  }
  return t;
}

function useServerTranslation(namespace?: string) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const t = serverT(i18n, namespace);
  return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
}

// The browser's: a fixed `t` per language and namespace, without the server's text cache (a language's form
// texts may be added to the instance later, loadBrowserTexts).
const browserTs = new WeakMap<I18n, Map<string, TFunction>>();

function useBrowserTranslation(namespace?: string) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const locale = useContext(ShopLocaleContext) ?? i18n.language;
  let byKey = browserTs.get(i18n);
  if (!byKey) {
    byKey = new Map();
    browserTs.set(i18n, byKey);
  }
  const key = `${locale}|${namespace ?? ''}`;
  let t = byKey.get(key);
  if (!t) {
    t = i18n.getFixedT(locale, namespace ?? null) as unknown as TFunction;
    byKey.set(key, t);
  }
  return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
}

/** react-i18next's `useTranslation(namespace)`: `{ t, i18n }` of the page's language. */
export const useTranslation = (import.meta.env.SSR ? useServerTranslation : useBrowserTranslation) as unknown as typeof useReactI18nextTranslation;
