import { createContext, useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { getI18n, I18nContext, type useTranslation as useReactI18nextTranslation } from 'react-i18next';
import type { ShopLocale } from './locales';

// Every component's texts come through this hook. react-i18next's own copies the i18next instance into a wrapper
// object on every component's first render: on the server every render is a first one (a tenth of a product
// page's render time, issue 4), and in the browser hydration is every component's first render (45 ms of a
// phone's main thread at 4x slowdown on the home page, issue 8). This hook hands out one `t` per language and
// namespace instead; the texts are the same, so hydration matches. In the browser a language switch re-renders
// the components through ShopLocaleContext (+Wrapper.tsx), whose value is the page's language.

/** The page's language (de, it, fr): a change re-renders every component that shows texts. */
export const ShopLocaleContext = createContext<ShopLocale | null>(null);

// One `t` per i18next instance and key, made once (the server's and the browser's hooks each run in their own bundle).
const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function keptT(i18n: I18n, key: string, make: () => TFunction): TFunction {
  let byKey = fixedTs.get(i18n);
  if (!byKey) {
    byKey = new Map();
    fixedTs.set(i18n, byKey);
  }
  let t = byKey.get(key);
  if (!t) {
    t = make();
    byKey.set(key, t);
  }
  return t;
}

/** The server's `t` of a namespace (one instance per language): texts asked without options are kept. */
function serverT(i18n: I18n, namespace: string | undefined): TFunction {
  const fixedT = i18n.getFixedT(null, namespace ?? null) as unknown as (...args: unknown[]) => unknown;
  // Most texts are asked without options ("t('tabs.description')"), and each i18next call copies all of its
  // options: those answers are kept (the server's texts never change while it runs).
  const plain = new Map<string, string>();
  const t = ((textKey: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof textKey !== 'string') return fixedT(textKey, ...rest);
    let text = plain.get(textKey);
    if (text === undefined) {
      text = String(fixedT(textKey));
      plain.set(textKey, text);
    }
    return text;
  }) as unknown as TFunction;
  // i18next's own fields of a fixed t (ns, lng, keyPrefix): <Trans t={t}> reads its namespace from them.
  return Object.assign(t, fixedT);
}

/** What react-i18next's hook answers: `[t, i18n, ready]` that is also `{ t, i18n, ready }`. */
const hookAnswer = (t: TFunction, i18n: I18n) => Object.assign([t, i18n, true] as const, { t, i18n, ready: true });

function useServerTranslation(namespace?: string) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return hookAnswer(
    keptT(i18n, namespace ?? '', () => serverT(i18n, namespace)),
    i18n,
  );
}

// The browser's: a fixed `t` per language and namespace, without the server's text cache (a language's form
// texts may be added to the instance later, loadBrowserTexts).
function useBrowserTranslation(namespace?: string) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const locale = useContext(ShopLocaleContext) ?? i18n.language;
  return hookAnswer(
    keptT(i18n, `${locale}|${namespace ?? ''}`, () => i18n.getFixedT(locale, namespace ?? null) as unknown as TFunction),
    i18n,
  );
}

/** react-i18next's `useTranslation(namespace)`: `{ t, i18n }` of the page's language. */
export const useTranslation = (import.meta.env.SSR ? useServerTranslation : useBrowserTranslation) as unknown as typeof useReactI18nextTranslation;
