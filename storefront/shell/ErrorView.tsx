import { useTranslation } from '../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../platform/i18n/locales';
import styles from './ErrorView.module.css';

const KNOWN_STATUSES = new Set([404, 408, 500, 501, 502, 503]);
/** Trying again does not help: the page does not exist, or the shop does not offer the service. */
const FINAL_STATUSES = new Set([404, 501]);

/** The status an error page speaks of: one SPEC §8 names, else 500. */
export function shownErrorStatus(status: number): number {
  return KNOWN_STATUSES.has(status) ? status : 500;
}

/**
 * SPEC §8 error texts: 404, 408 (the API takes too long), 500, 502 (retry in seconds), 503 (very busy), and 501, a
 * service the shop's back end does not offer (ADR 0027); without a status the generic message. The retry button reloads the page that failed.
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
        {shown !== null && !FINAL_STATUSES.has(shown) && (
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
