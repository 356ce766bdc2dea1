import { useTranslation } from '../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../i18n/locales';
import styles from './NotFoundView.module.css';

/**
 * The 404 page body (SPEC §2, §8): "page not available", a hint to contact support, and the message
 * 'Page Not Found: {path}'. The HTTP status 404 comes from the page's data (see the route page).
 */
export function NotFoundView({ path }: { path: string }) {
  const { t } = useTranslation('common');
  const { locale } = usePageContext();
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p className={styles.message}>{`Page Not Found: ${path}`}</p>
      <p>{t('notFound.contact')}</p>
      <p className={styles.actions}>
        <a href={localizedPath('/', locale)}>{t('backToHome')}</a>
      </p>
    </section>
  );
}
