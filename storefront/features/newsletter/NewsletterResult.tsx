import type { ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../../platform/i18n/locales';
import { MailLinkForm } from '../account';
import styles from './NewsletterPage.module.css';

/** A newsletter result page: done, error (invalid or expired link) or the moment in between. */
export function NewsletterResult({ kind, title, text, children }: { kind: 'pending' | 'done' | 'error'; title: string; text: string; children?: ReactNode }) {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  return (
    <section className={`${styles.result} ${kind === 'error' ? styles.error : ''}`} aria-labelledby="newsletter-result" data-testid={`newsletter-${kind}`} aria-busy={kind === 'pending' || undefined}>
      <h1 id="newsletter-result">{title}</h1>
      <p role={kind === 'pending' ? undefined : 'status'}>{text}</p>
      <p className={styles.actions}>
        {children}
        <a href={localizedPath('/', locale)}>{t('newsletter.toShop')}</a>
      </p>
    </section>
  );
}

/** A newsletter link's page before it ran: its form (the link's parameters, one button), sent on load with scripts. */
export function NewsletterLinkForm({ title, ...form }: { title: string } & Parameters<typeof MailLinkForm>[0]) {
  return (
    <section className={styles.result} aria-labelledby="newsletter-result" data-testid="newsletter-link">
      <h1 id="newsletter-result">{title}</h1>
      <MailLinkForm {...form} />
    </section>
  );
}
