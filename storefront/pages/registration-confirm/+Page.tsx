import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { MailLinkForm, isLinkParameter, MAIL_LINK_FORMS, accountFormsStyles as styles } from '../../features/account';
import { PageSeo } from '../../platform/seo/PageSeo';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormAnswer, usePostedForm } from '../../forms/postedForm';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import { useMergeLocalWishlist } from '../../features/wishlist';
import type { ShellPageQuery as ShellPageQueryType } from '../../shell/__generated__/ShellPageQuery.graphql';
import { ShellPageQuery } from '../../shell/ShellPage.query';
import type { RegistrationConfirmPageMutation } from './__generated__/RegistrationConfirmPageMutation.graphql';

type State = { kind: 'ready' } | { kind: 'working' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/** What the confirmation's answer means for the page: the link is bad (or used), or the shop could not confirm now. */
function refusalOf(errors: readonly ShopErrorData[] | null, unavailable: string): State {
  if (errors?.some((error) => error.code === 'LINK_INVALID' || error.code === 'INVALID_INPUT')) return { kind: 'invalid' };
  return { kind: 'failed', message: errors?.[0]?.message ?? unavailable };
}

/**
 * The registration mail's link: confirms the account once (it logs the customer in), merges the local
 * wishlist and goes on to the account overview with a success notice; a bad, used or expired link shows
 * an error view. Until the scripts run the page shows the link's form, whose button confirms without them.
 * Never indexed (the link is personal).
 */
export default function Page() {
  const data = usePageQuery<ShellPageQueryType>(ShellPageQuery);
  const { t } = useTranslation('account');
  const { locale, urlParsed } = usePageContext();
  const em = urlParsed.search.em ?? '';
  const hash = urlParsed.search.hash ?? '';
  const linkLooksValid = isLinkParameter(em) && isLinkParameter(hash);
  // Without scripts the page's form posts the confirmation (server/forms/account.ts); a refusal comes back here.
  const posted = usePostedForm(MAIL_LINK_FORMS.registration, {});
  const [state, setState] = useState<State>(() => {
    if (!linkLooksValid) return { kind: 'invalid' };
    if (!posted.posted) return { kind: 'ready' };
    return Object.keys(posted.posted.problems).length > 0 ? { kind: 'invalid' } : refusalOf(posted.posted.errors, t('errors.unavailable'));
  });
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
    if (!linkLooksValid || posted.posted || started.current) return;
    started.current = true;
    setState({ kind: 'working' });
    void (async () => {
      const response = await confirm({ input: { em, hash } });
      if (!response) return setState(refusalOf(null, t('errors.unavailable')));
      const { errors, viewer } = response.confirmRegistration;
      if (errors.length > 0 || !viewer?.loggedIn) return setState(refusalOf(errors, t('errors.unavailable')));
      await mergeLocalWishlist();
      window.location.assign(`${localizedPath('/account', locale)}?confirmed=1`);
    })();
  }, [confirm, em, hash, linkLooksValid, locale, mergeLocalWishlist, posted.posted, t]);

  const linkAction = `${localizedPath('/registration/confirm', locale)}?${new URLSearchParams({ em, hash }).toString()}`;
  const alternates = samePathAlternates('/registration/confirm');
  const title = t('confirm.title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath('/registration/confirm', locale)} alternates={alternates} noIndex />
      <section className={`${styles.page} ${styles.narrow}`} data-testid="registration-confirm">
        <PostedFormAnswer form={MAIL_LINK_FORMS.registration} posted={posted.posted} />
        {state.kind === 'ready' ? (
          <>
            <h1>{title}</h1>
            <MailLinkForm
              form={MAIL_LINK_FORMS.registration}
              action={linkAction}
              fields={{ em, hash }}
              prompt={t('confirm.prompt')}
              button={t('confirm.button')}
            />
          </>
        ) : state.kind === 'working' ? (
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
            {/* the same form again: a plain post, with scripts or without */}
            <MailLinkForm form={MAIL_LINK_FORMS.registration} action={linkAction} fields={{ em, hash }} button={t('confirm.retry')} />
          </>
        )}
      </section>
    </DefaultLayout>
  );
}
