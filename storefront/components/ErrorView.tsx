import { useTranslation } from '../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../i18n/locales';
import styles from './ErrorView.module.css';

const KNOWN_STATUSES = new Set([404, 408, 500, 502, 503]);

/** The status an error page speaks of: one SPEC §8 names, else 500. */
export function shownErrorStatus(status: number): number {
  return KNOWN_STATUSES.has(status) ? status : 500;
}

/**
 * SPEC §8 error texts: 404, 408 (the API takes too long), 500, 502 (retry in seconds), 503 (very busy); without a
 * status the generic message. The retry button reloads the page that failed.
 */
export function ErrorMessage({ status }: { status: number | null }) {
  const { t } = useTranslation('common');
  const { locale } = usePageContext();
  const shown = status === null ? null : shownErrorStatus(status);
  return (
    <section className={styles.error} aria-labelledby="error-title">
      <h1 id="error-title">{shown === null ? t('error.pageTitle') : t('error.title', { status: shown })}</h1>
      <p>{shown === null ? t('error.generic') : t(`error.${shown}`)}</p>
      <p className={styles.actions}>
        {shown !== 404 && shown !== null && (
          <button type="button" className={styles.button} onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
        )}
        <a className={styles.link} href={localizedPath('/', locale)}>
          {t('backToHome')}
        </a>
      </p>
    </section>
  );
}

/** A page whose data failed: the error text alone, without the shop's shell (it needs the data too). */
export function ErrorView({ status }: { status: number }) {
  return (
    <main id="main-content" className="page-width">
      <ErrorMessage status={status} />
    </main>
  );
}
