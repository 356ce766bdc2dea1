import { useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { getI18n, I18nContext, useTranslation as useReactI18nextTranslation } from 'react-i18next';

// Every component's texts come through this hook. In the browser it is react-i18next's own (it re-renders on a
// language switch). On the server a render only reads, and react-i18next's hook copies the whole i18next instance
// into a wrapper object on every component's first render — and on the server every render is a first one: that
// was a tenth of a product page's render time (issue 4). The server's hook hands out one `t` per language and
// namespace instead; the texts are the same, so hydration matches.

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

/** react-i18next's `useTranslation(namespace)`: `{ t, i18n }` of the page's language. */
export const useTranslation = (import.meta.env.SSR ? useServerTranslation : useReactI18nextTranslation) as typeof useReactI18nextTranslation;
