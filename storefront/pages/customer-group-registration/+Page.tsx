import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { NotFoundView } from '../../shell/NotFoundView';
import { PageSeo } from '../../platform/seo/PageSeo';
import { RegisterForm, accountFormsStyles as styles, customerGroupRegistrationPath } from '../../features/account';
import { ShopHtml } from '../../ui/ShopHtml';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { CustomerGroupRegistrationPageQuery as PageQueryType } from './__generated__/CustomerGroupRegistrationPageQuery.graphql';
import { CustomerGroupRegistrationPageQuery } from './CustomerGroupRegistrationPage.query';

/**
 * A customer group's registration page (SPEC §2): the group's heading and introduction, and the registration form,
 * which registers an account requesting the group (the shop checks it; until then the customer buys as everyone).
 * Works without scripts: the form posts to this page (server/forms/customer-group.ts). Never indexed.
 */
export default function Page() {
  const data = usePageQuery<PageQueryType>(CustomerGroupRegistrationPageQuery);
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation('common');
  const { locale, urlPathname, urlParsed } = usePageContext();
  const group = data.customerGroupRegistration;
  if (!group) {
    return (
      <DefaultLayout query={data} alternates={samePathAlternates('/')}>
        <PageSeo title={tCommon('notFound.title')} path={localizedPath(urlPathname, locale)} noIndex />
        <NotFoundView path={urlPathname} />
      </DefaultLayout>
    );
  }
  const path = customerGroupRegistrationPath(group.customerGroupId);
  const alternates = samePathAlternates(path);
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: group.title, url: null }]}>
      <PageSeo title={group.title} description={group.seoMetaDescription ?? undefined} path={localizedPath(path, locale)} alternates={alternates} noIndex />
      <section className={styles.page}>
        <h1 id="register-title">{group.title}</h1>
        {group.introductionHtml ? <ShopHtml className={styles.intro} html={group.introductionHtml} /> : null}
        <p className={styles.intro}>{t('groupRegistration.notice', { group: group.title })}</p>
        <RegisterForm
          query={data}
          registered={urlParsed.search.registered === '1' ? '' : null}
          customerGroup={{ customerGroupId: group.customerGroupId, path: localizedPath(path, locale) }}
        />
      </section>
    </DefaultLayout>
  );
}
