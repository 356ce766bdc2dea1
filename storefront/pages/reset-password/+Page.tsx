import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import { accountFormsStyles as styles, ResetPasswordForm } from '../../features/account';
import type { ShellPageQuery as ShellPageQueryType } from '../../shell/__generated__/ShellPageQuery.graphql';
import { ShellPageQuery } from '../../shell/ShellPage.query';

/** /reset-password: the recovery link is requested by email. Never indexed. */
export default function Page() {
  const data = usePageQuery<ShellPageQueryType>(ShellPageQuery);
  const { t } = useTranslation('account');
  const { locale, urlParsed } = usePageContext();
  const alternates = samePathAlternates('/reset-password');
  const title = t('reset.title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath('/reset-password', locale)} alternates={alternates} noIndex />
      <section className={`${styles.page} ${styles.narrow}`}>
        <h1 id="reset-title">{title}</h1>
        <p className={styles.intro}>{t('reset.intro')}</p>
        {/* `sent=1`: the form was posted without scripts and the link mailed ('' = to the address given) */}
        <ResetPasswordForm sentTo={urlParsed.search.sent === '1' ? '' : null} />
      </section>
    </DefaultLayout>
  );
}
