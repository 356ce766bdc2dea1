import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../components/PageSeo';
import { PharmacyFinderView } from '../../components/PharmacyFinderView';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { pharmacyTexts } from '../../i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../i18n/pageTexts';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { finderParamsOf } from '../../pharmacy/finderUrl';
import { usePageQuery } from '../../relay/usePageQuery';
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
