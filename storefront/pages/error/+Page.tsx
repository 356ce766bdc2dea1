import { usePageContext } from 'vike-react/usePageContext';
import { ErrorMessage } from '../../shell/ErrorView';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { ErrorPageQuery as ErrorPageQueryType } from './__generated__/ErrorPageQuery.graphql';
import { ErrorPageQuery } from './ErrorPage.query';

/** /error: where a failed navigation is shown (SPEC §8), in the page's language, with the shop around it. Never indexed. */
export default function Page() {
  const data = usePageQuery<ErrorPageQueryType>(ErrorPageQuery);
  const { t } = useTranslation('common');
  const { locale, urlParsed } = usePageContext();
  const status = Number(urlParsed.search.status);
  const alternates = samePathAlternates('/error');
  return (
    <DefaultLayout query={data} alternates={alternates}>
      <PageSeo title={t('error.pageTitle')} path={localizedPath('/error', locale)} alternates={alternates} noIndex />
      <ErrorMessage status={Number.isInteger(status) && status > 0 ? status : null} />
    </DefaultLayout>
  );
}
