import { useTranslation } from '../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../i18n/locales';
import styles from './ErrorView.module.css';

const KNOWN_STATUSES = new Set([404, 408, 500, 501, 502, 503]);
/** Trying again does not help: the page does not exist, or the shop does not offer the service. */
const FINAL_STATUSES = new Set([404, 501]);

/**
 * SPEC §8 error pages: 404, 408 (the API takes too long), 500, 502 (retry in seconds), 503 (very busy); and 501, a
 * service the shop's back end does not offer (ADR 0027).
 */
export function ErrorView({ status }: { status: number }) {
  const { t } = useTranslation('common');
  const { locale } = usePageContext();
  const shown = KNOWN_STATUSES.has(status) ? status : 500;
  return (
    <main id="main-content" className={`page-width ${styles.error}`}>
      <h1>{t('error.title', { status: shown })}</h1>
      <p>{t(`error.${shown}`)}</p>
      <p className={styles.actions}>
        {!FINAL_STATUSES.has(shown) && (
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
