import type { StoreClient } from './store-client';

/** The shop's three languages (SPEC §9): German is the default and has no URL prefix. */
export const LOCALES = ['de', 'it', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

export const LOCALE_ISO: Record<Locale, string> = { de: 'de-CH', it: 'it-CH', fr: 'fr-CH' };

export interface LanguageDirectory {
  idOf(locale: Locale): string;
  localeOf(languageId: string): Locale | undefined;
}

const REFRESH_MS = 5 * 60_000;

/**
 * Language ids differ between shops, so they are read from the Store API (GET /language) and kept for a
 * few minutes per gateway, not per request. Once read, a list is refreshed in the background and kept when
 * the refresh fails: every request needs it, and a Store API that is down or slow must not hold up the
 * requests the response cache can still answer (stale-if-error, ADR 0016).
 */
export function createLanguageDirectoryCache(): (client: StoreClient) => Promise<LanguageDirectory> {
  let kept: { at: number; directory: Promise<LanguageDirectory> } | undefined;
  let lastGood: LanguageDirectory | undefined;
  return (client) => {
    if (kept && Date.now() - kept.at < REFRESH_MS) return kept.directory;
    const reading = readLanguageDirectory(client);
    // Until a first list is read, requests wait for it; after that the last good list answers at once.
    kept = { at: Date.now(), directory: lastGood ? Promise.resolve(lastGood) : reading };
    reading.then(
      (read) => {
        lastGood = read;
        kept = { at: Date.now(), directory: Promise.resolve(read) };
      },
      () => {
        if (!lastGood) kept = undefined; // a failed first read is retried by the next request; a failed refresh in REFRESH_MS
      },
    );
    return kept.directory;
  };
}

function readLanguageDirectory(client: StoreClient): Promise<LanguageDirectory> {
  // Shopware's language route adds translationCode itself; asking for associations it does not know
  // (the embedded Store API knows none on language) would fail the call.
  return client.invoke('readLanguages post /language', { body: {} }).then((result) => {
    const byLocale = new Map<Locale, string>();
    for (const language of result.elements ?? []) {
      const code = (language.translationCode?.code ?? language.locale?.code ?? '').toLowerCase();
      const locale = LOCALES.find((l) => code === LOCALE_ISO[l].toLowerCase() || code.startsWith(`${l}-`));
      if (locale && !byLocale.has(locale)) byLocale.set(locale, language.id);
    }
    const fallback = byLocale.get(DEFAULT_LOCALE) ?? result.elements?.[0]?.id;
    if (!fallback) throw new Error('The Store API lists no languages');
    return {
      idOf: (locale: Locale) => byLocale.get(locale) ?? fallback,
      localeOf: (languageId: string) => [...byLocale].find(([, id]) => id === languageId)?.[0],
    } satisfies LanguageDirectory;
  });
}

/** The shopper's preferred locale from an Accept-Language header (first of de, it, fr named), if any. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const locale = LOCALES.find((l) => tag === l || tag.startsWith(`${l}-`));
    if (locale) return locale;
  }
  return undefined;
}
