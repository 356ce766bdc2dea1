import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { PharmacyFinderView, finderParamsOf } from '../../features/pharmacies';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { PharmacyMapPageQuery as PharmacyMapPageQueryType } from './__generated__/PharmacyMapPageQuery.graphql';
import { PharmacyMapPageQuery } from './PharmacyMapPage.query';

export default function Page() {
  const data = usePageQuery<PharmacyMapPageQueryType>(PharmacyMapPageQuery);
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const { locale, urlParsed } = usePageContext();
  const { search, near } = finderParamsOf(urlParsed.search);
  const alternates = samePathAlternates('/pharmacy-map');
  const title = t('finder.title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: t('home'), url: localizedPath('/', locale) }, { name: title, url: null }]}>
      {/* a search result is a view of the one finder page: search engines index the page without it */}
      <PageSeo title={title} description={t('finder.description')} path={localizedPath('/pharmacy-map', locale)} alternates={alternates} noIndex={Boolean(search || near)} />
      <h1>{title}</h1>
      <p>{t('finder.intro')}</p>
      <PharmacyFinderView finder={data.pharmacyFinder} nearMe={near !== null} />
    </DefaultLayout>
  );
}
