import { useTranslation } from '../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../platform/i18n/locales';
import styles from './NotFoundView.module.css';

/**
 * The 404 page body (SPEC §2, §8): "page not available", the message 'Page Not Found: {path}' in the page's
 * language, a way on (search, home) and a hint to contact support. The HTTP status 404 comes from the page's data.
 */
export function NotFoundView({ path }: { path: string }) {
  const { t } = useTranslation('common');
  const { locale } = usePageContext();
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p className={styles.message}>{t('notFound.message', { path })}</p>
      <form className={styles.search} role="search" action={localizedPath('/search', locale)} method="get">
        <label htmlFor="not-found-search">{t('notFound.searchLabel')}</label>
        <input id="not-found-search" type="search" name="search" required />
        <button type="submit">{t('notFound.searchButton')}</button>
      </form>
      <p>{t('notFound.contact')}</p>
      <p className={styles.actions}>
        <a href={localizedPath('/', locale)}>{t('backToHome')}</a>
      </p>
    </section>
  );
}
