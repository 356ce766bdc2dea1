import { useTranslation } from '../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../i18n/locales';
import styles from './ErrorView.module.css';

const KNOWN_STATUSES = new Set([404, 408, 500, 502, 503]);

/** SPEC §8 error pages: 404, 408 (the API takes too long), 500, 502 (retry in seconds), 503 (very busy). */
export function ErrorView({ status }: { status: number }) {
  const { t } = useTranslation('common');
  const { locale } = usePageContext();
  const shown = KNOWN_STATUSES.has(status) ? status : 500;
  return (
    <main id="main-content" className={`page-width ${styles.error}`}>
      <h1>{t('error.title', { status: shown })}</h1>
      <p>{t(`error.${shown}`)}</p>
      <p className={styles.actions}>
        {shown !== 404 && (
          <button type="button" className={styles.button} onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
        )}
        <a className={styles.link} href={localizedPath('/', locale)}>
          {t('backToHome')}
        </a>
      </p>
    </main>
  );
}
