import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { BlankLayout } from '../../shell/BlankLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import { accountFormsStyles as styles, RecoverPasswordForm } from '../../features/account';
import type { AccountRecoverPageQuery as AccountRecoverPageQueryType } from './__generated__/AccountRecoverPageQuery.graphql';
import { AccountRecoverPageQuery } from './AccountRecoverPage.query';

/**
 * /account/recover?hash=… (SPEC §2: no layout): a new password for the recovery link's account; an expired
 * or used link shows an error view with the way to ask for a new one. Never indexed (the link is personal).
 */
export default function Page() {
  const data = usePageQuery<AccountRecoverPageQueryType>(AccountRecoverPageQuery);
  const { t } = useTranslation('account');
  const { locale, urlParsed } = usePageContext();
  const hash = urlParsed.search.hash ?? '';
  // `done`: the new password was saved by a form post without scripts (server/formPosts.ts redirects here)
  const [state, setState] = useState<'form' | 'invalid' | 'done'>(urlParsed.search.done === '1' ? 'done' : data.recoveryLinkValid ? 'form' : 'invalid');
  const heading = useRef<HTMLHeadingElement>(null);
  const changed = useRef(false);
  useEffect(() => {
    // after the form was sent, the keyboard and the screen reader go to the new heading
    if (changed.current) heading.current?.focus();
    changed.current = true;
  }, [state]);
  const title = state === 'invalid' ? t('recover.invalidTitle') : state === 'done' ? t('recover.successTitle') : t('recover.title');
  return (
    <BlankLayout>
      <PageSeo title={t('recover.title')} path={localizedPath('/account/recover', locale)} alternates={samePathAlternates('/account/recover')} noIndex />
      <section className={`${styles.page} ${styles.narrow}`} data-testid="account-recover">
        <h1 id="recover-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {state === 'form' ? (
          <>
            <p className={styles.intro}>{t('recover.intro')}</p>
            <RecoverPasswordForm hash={hash} onInvalid={() => setState('invalid')} onDone={() => setState('done')} />
          </>
        ) : state === 'invalid' ? (
          <>
            <p role="alert">{t('recover.invalidText')}</p>
            <p className={styles.links}>
              <a href={localizedPath('/reset-password', locale)}>{t('recover.requestNew')}</a>
            </p>
          </>
        ) : (
          <>
            <p role="status">{t('recover.successText')}</p>
            <p className={styles.links}>
              <a href={localizedPath('/login', locale)}>{t('recover.toLogin')}</a>
            </p>
          </>
        )}
      </section>
    </BlankLayout>
  );
}
