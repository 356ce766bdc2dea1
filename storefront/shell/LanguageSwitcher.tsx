import { usePageContext } from 'vike-react/usePageContext';
import { useTranslation } from '../platform/i18n/useTranslation';
import { INTL_LOCALE, LOCALES, languageCookie, localizedPath, pageIsHttps, type ShopLocale } from '../platform/i18n/locales';
import styles from './LanguageSwitcher.module.css';

export interface LanguageAlternate {
  locale: ShopLocale;
  /** The same page's path in that language (a product's fr SEO path), from the graph. */
  url: string;
}

interface LanguageSwitcherProps {
  alternates: readonly LanguageAlternate[];
  locale: ShopLocale;
}

// Each language names itself, in its own language (and is marked with lang= for screen readers).
const OWN_NAME: Record<ShopLocale, string> = { de: 'Deutsch', it: 'Italiano', fr: 'Français' };

/**
 * Links to the same page in the other languages (SPEC §2). Choosing one remembers it in the
 * i18n_redirected cookie (365 days, path /, Lax) and loads the page in full, so the server renders it
 * with that language's texts, <html lang> and canonical links. The query string goes along: the search
 * term, a listing's filters, sorting and page are ids and keys, the same in every language (ADR 0028).
 */
export function LanguageSwitcher({ alternates, locale }: LanguageSwitcherProps) {
  const { t } = useTranslation('shell');
  const query = new URL(usePageContext().urlOriginal, 'http://shop.invalid').search;
  const remember = (chosen: ShopLocale): void => {
    document.cookie = languageCookie(chosen, { secure: pageIsHttps() });
  };
  return (
    <nav className={styles.switcher} aria-label={t('language.label')}>
      <ul className={styles.list}>
        {LOCALES.map((target) => {
          // A page without a counterpart (no alternate) leads to that language's home page.
          const counterpart = alternates.find((alternate) => alternate.locale === target)?.url;
          const url = counterpart ? counterpart + query : localizedPath('/', target);
          const current = target === locale;
          return (
            <li key={target}>
              <a
                className={current ? `${styles.link} ${styles.current}` : styles.link}
                href={url}
                hrefLang={INTL_LOCALE[target]}
                lang={target}
                aria-current={current ? 'true' : undefined}
                data-vike="false"
                onClick={() => remember(target)}
              >
                <span aria-hidden="true">{target.toUpperCase()}</span>
                <span className="visually-hidden">{OWN_NAME[target]}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
