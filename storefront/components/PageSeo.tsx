import { useTranslation } from 'react-i18next';
import { useConfig } from 'vike-react/useConfig';
import { INTL_LOCALE } from '../i18n/locales';
import { useShopOrigin } from '../seo/useShopOrigin';
import type { LanguageAlternate } from './LanguageSwitcher';

interface PageSeoProps {
  /** the page's own title (the shop's name is appended) */
  title?: string | null;
  description?: string | null;
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
export function PageSeo({ title, description, path, alternates = [], noIndex = false }: PageSeoProps) {
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
      </>
    ),
  });
  return null;
}
