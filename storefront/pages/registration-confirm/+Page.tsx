import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../components/PageSeo';
import { useShopMutation } from '../../checkout/useShopMutation';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import { useMergeLocalWishlist } from '../../wishlist/mergeOnLogin';
import styles from '../../components/AccountForms.module.css';
import type { ShellPageQuery as ShellPageQueryType } from '../../shell/__generated__/ShellPageQuery.graphql';
import { ShellPageQuery } from '../../shell/ShellPage.query';
import type { RegistrationConfirmPageMutation } from './__generated__/RegistrationConfirmPageMutation.graphql';

type State = { kind: 'working' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

const LINK_PARAMETER = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The registration mail's link: confirms the account once (it logs the customer in), merges the local
 * wishlist and goes on to the account overview with a success notice; a bad, used or expired link shows
 * an error view. Never indexed (the link is personal).
 */
export default function Page() {
  const data = usePageQuery<ShellPageQueryType>(ShellPageQuery);
  const { t } = useTranslation('account');
  const { locale, urlParsed } = usePageContext();
  const em = urlParsed.search.em ?? '';
  const hash = urlParsed.search.hash ?? '';
  const linkLooksValid = LINK_PARAMETER.test(em) && LINK_PARAMETER.test(hash);
  const [state, setState] = useState<State>(linkLooksValid ? { kind: 'working' } : { kind: 'invalid' });
  const started = useRef(false);
  const mergeLocalWishlist = useMergeLocalWishlist();
  const [confirm] = useShopMutation<RegistrationConfirmPageMutation>(graphql`
    mutation RegistrationConfirmPageMutation($input: ConfirmRegistrationInput!) {
      confirmRegistration(input: $input) {
        viewer {
          id
          loggedIn
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);

  useEffect(() => {
    // Once per page view: the link works only once, a second request would answer "invalid".
    if (!linkLooksValid || started.current) return;
    started.current = true;
    void (async () => {
      const response = await confirm({ input: { em, hash } });
      if (!response) return setState({ kind: 'failed', message: t('errors.unavailable') });
      const { errors, viewer } = response.confirmRegistration;
      if (errors.some((error) => error.code === 'LINK_INVALID' || error.code === 'INVALID_INPUT')) return setState({ kind: 'invalid' });
      if (errors.length > 0 || !viewer?.loggedIn) return setState({ kind: 'failed', message: errors[0]?.message ?? t('errors.unavailable') });
      await mergeLocalWishlist();
      window.location.assign(`${localizedPath('/account', locale)}?confirmed=1`);
    })();
  }, [confirm, em, hash, linkLooksValid, locale, mergeLocalWishlist, t]);

  const alternates = samePathAlternates('/registration/confirm');
  const title = t('confirm.title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath('/registration/confirm', locale)} alternates={alternates} noIndex />
      <section className={`${styles.page} ${styles.narrow}`} data-testid="registration-confirm">
        {state.kind === 'working' ? (
          <>
            <h1>{title}</h1>
            <p role="status">{t('confirm.working')}</p>
          </>
        ) : state.kind === 'invalid' ? (
          <>
            <h1>{t('confirm.invalidTitle')}</h1>
            <p role="alert">{t('confirm.invalidText')}</p>
            <p className={styles.links}>
              <a href={localizedPath('/login', locale)}>{t('confirm.toLogin')}</a>
              <a href={localizedPath('/register', locale)}>{t('confirm.register')}</a>
            </p>
          </>
        ) : (
          <>
            <h1>{title}</h1>
            <p role="alert">{state.message}</p>
            <p className={styles.links}>
              <button type="button" className={styles.secondaryButton} onClick={() => window.location.reload()}>
                {t('confirm.retry')}
              </button>
            </p>
          </>
        )}
      </section>
    </DefaultLayout>
  );
}
