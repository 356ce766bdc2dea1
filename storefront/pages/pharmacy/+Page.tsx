import { usePageContext } from 'vike-react/usePageContext';
import { NotFoundView } from '../../shell/NotFoundView';
import { PageSeo } from '../../platform/seo/PageSeo';
import { PharmacyDetailView } from '../../features/pharmacies';
import { localizedPath, samePathAlternates, shownPathOf } from '../../platform/i18n/locales';
import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { PharmacyPageQuery as PharmacyPageQueryType } from './__generated__/PharmacyPageQuery.graphql';
import { PharmacyPageQuery } from './PharmacyPage.query';

export default function Page() {
  const data = usePageQuery<PharmacyPageQueryType>(PharmacyPageQuery);
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const pageContext = usePageContext();
  const { locale, urlPathname } = pageContext;
  const alternates = samePathAlternates(urlPathname);
  const pharmacy = data.pharmacy;
  if (!pharmacy) {
    return (
      <DefaultLayout query={data} alternates={alternates}>
        <PageSeo title={t('detail.notFoundTitle')} path={localizedPath(urlPathname, locale)} alternates={alternates} noIndex />
        <NotFoundView path={shownPathOf(pageContext)} />
        <p>
          <a href={localizedPath('/pharmacy-map', locale)}>{t('detail.toFinder')}</a>
        </p>
      </DefaultLayout>
    );
  }
  const finderTitle = t('finder.title');
  return (
    <DefaultLayout
      query={data}
      alternates={alternates}
      breadcrumbs={[
        { name: t('home'), url: localizedPath('/', locale) },
        { name: finderTitle, url: localizedPath('/pharmacy-map', locale) },
        { name: pharmacy.name, url: null },
      ]}
    >
      <PageSeo title={pharmacy.name} description={t('detail.description', { name: pharmacy.name, city: pharmacy.city })} path={localizedPath(pharmacy.path, locale)} alternates={alternates} />
      <h1>{pharmacy.name}</h1>
      <PharmacyDetailView pharmacy={pharmacy} query={data} />
    </DefaultLayout>
  );
}
