import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { RegisterForm, accountFormsStyles as styles } from '../../features/account';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { RegisterPageQuery as RegisterPageQueryType } from './__generated__/RegisterPageQuery.graphql';
import { RegisterPageQuery } from './RegisterPage.query';

/** /register: a new customer account (double opt-in). Never indexed. */
export default function Page() {
  const data = usePageQuery<RegisterPageQueryType>(RegisterPageQuery);
  const { t } = useTranslation('account');
  const { locale, urlParsed } = usePageContext();
  const alternates = samePathAlternates('/register');
  const title = t('register.title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath('/register', locale)} alternates={alternates} noIndex />
      <section className={styles.page}>
        <h1 id="register-title">{title}</h1>
        <p className={styles.intro}>{t('register.intro')}</p>
        {/* `registered=1`: the form was posted without scripts and the confirmation link mailed ('' = to the address given) */}
        <RegisterForm query={data} registered={urlParsed.search.registered === '1' ? '' : null} />
      </section>
    </DefaultLayout>
  );
}
