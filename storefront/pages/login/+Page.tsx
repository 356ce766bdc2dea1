import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { LoginForm, accountFormsStyles as styles, loginTargetOf, RESENT_PARAMETER } from '../../features/account';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { LoginPageQuery as LoginPageQueryType } from './__generated__/LoginPageQuery.graphql';
import { LoginPageQuery } from './LoginPage.query';

/** /login: email and password, links to the registration and the password reset. Personal: never indexed. */
export default function Page() {
  const data = usePageQuery<LoginPageQueryType>(LoginPageQuery);
  const { t } = useTranslation('account');
  const pageContext = usePageContext();
  const { locale } = pageContext;
  const alternates = samePathAlternates('/login');
  const title = t('login.title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath('/login', locale)} alternates={alternates} noIndex />
      <section className={`${styles.page} ${styles.narrow}`}>
        <h1 id="login-title">{title}</h1>
        <p className={styles.intro}>{t('login.intro')}</p>
        {/* `resent=1`: the registration link was mailed again by a post without scripts */}
        <LoginForm
          redirectTo={loginTargetOf(pageContext)}
          redirect={new URL(pageContext.urlOriginal, 'http://shop.invalid').searchParams.get('redirect')}
          resent={pageContext.urlParsed.search[RESENT_PARAMETER] === '1'}
        />
        <p className={styles.links}>
          <span>{t('login.noAccount')}</span> <a href={localizedPath('/register', locale)}>{t('login.register')}</a>
        </p>
      </section>
    </DefaultLayout>
  );
}
