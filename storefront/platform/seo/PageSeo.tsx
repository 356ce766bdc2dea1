import { useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useConfig } from 'vike-react/useConfig';
import { INTL_LOCALE } from '../i18n/locales';
import { useShopOrigin } from '../seo/useShopOrigin';
import type { LanguageAlternate } from '../../shell/LanguageSwitcher';

interface PageSeoProps {
  /** the page's own title (the shop's name is appended) */
  title?: string | null;
  description?: string | null;
  /** meta keywords (SPEC §2: the magazine and brand pages carry them) */
  keywords?: string | null;
  /** the page's path in its language (with prefix), from the graph's `url` */
  path: string;
  /** the same page in the other languages */
  alternates?: readonly LanguageAlternate[];
  /** a page search engines should not index (404, search results, account) */
  noIndex?: boolean;
}

/**
 * What search engines read (issue 4 §6): title, description, canonical link (lowercase host, https, the
 * language prefix except for German — SPEC §2) and hreflang alternates de-CH/it-CH/fr-CH plus x-default.
 */
export function PageSeo({ title, description, keywords, path, alternates = [], noIndex = false }: PageSeoProps) {
  const { t } = useTranslation('common');
  const shopOrigin = useShopOrigin();
  const setConfig = useConfig();
  const origin = shopOrigin ?? '';
  const fullTitle = title ? `${title} | ${t('seo.titleSuffix')}` : t('seo.defaultTitle');
  const germanPath = alternates.find((alternate) => alternate.locale === 'de')?.url;
  setConfig({
    title: fullTitle,
    description: description || t('seo.defaultDescription'),
    Head: (
      <>
        <link rel="canonical" href={origin + path} />
        {alternates.map((alternate) => (
          <link key={alternate.locale} rel="alternate" hrefLang={INTL_LOCALE[alternate.locale]} href={origin + alternate.url} />
        ))}
        {germanPath ? <link rel="alternate" hrefLang="x-default" href={origin + germanPath} /> : null}
        {noIndex ? <meta name="robots" content="noindex, follow" /> : null}
        {keywords ? <meta name="keywords" content={keywords} /> : null}
      </>
    ),
  });
  // Vike renders `Head` into the server's HTML only; after a client-side navigation the links are brought up
  // to date here, so a crawler that runs the app (or a shared link) sees the page it is on.
  const hreflangs = alternates.map((alternate) => `${INTL_LOCALE[alternate.locale]} ${origin + alternate.url}`).join('\n');
  useEffect(() => {
    syncHeadLinks({ canonical: origin + path, hreflangs, xDefault: germanPath ? origin + germanPath : null, noIndex });
  }, [origin, path, hreflangs, germanPath, noIndex]);
  return null;
}

/** Rewrites the canonical, hreflang and robots elements of document.head to the page on screen. */
function syncHeadLinks(seo: { canonical: string; hreflangs: string; xDefault: string | null; noIndex: boolean }): void {
  const head = document.head;
  let canonical = head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    head.append(canonical);
  }
  canonical.href = seo.canonical;
  for (const old of head.querySelectorAll('link[rel="alternate"][hreflang]')) old.remove();
  const alternates = seo.hreflangs ? seo.hreflangs.split('\n').map((line) => line.split(' ') as [string, string]) : [];
  if (seo.xDefault) alternates.push(['x-default', seo.xDefault]);
  for (const [hreflang, href] of alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = hreflang;
    link.href = href;
    head.append(link);
  }
  const robots = head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (seo.noIndex && !robots) {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, follow';
    head.append(meta);
  } else if (!seo.noIndex && robots) robots.remove();
}
