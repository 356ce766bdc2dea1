import { useTranslation } from '../../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../components/PageSeo';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import styles from '../../components/AccountForms.module.css';
import type { ShellPageQuery as ShellPageQueryType } from '../../shell/__generated__/ShellPageQuery.graphql';
import { ShellPageQuery } from '../../shell/ShellPage.query';
import { ResetPasswordForm } from './ResetPasswordForm';

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
