import { useTranslation } from '../../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { NotFoundView } from '../../components/NotFoundView';
import { PageSeo } from '../../components/PageSeo';
import { LOCALES, localizedPath, shownPathOf, type ShopLocale } from '../../i18n/locales';
import { useShopOrigin } from '../../seo/useShopOrigin';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import type { RoutePageQuery as RoutePageQueryType } from './__generated__/RoutePageQuery.graphql';
import { RoutePageQuery } from './RoutePage.query';
import { routeView } from './routeViews';

/**
 * The same entity in each language. The graph gives an entity's URL only in the language it was read in,
 * so the other languages get the id path (/fr/detail/{id}), which the route page redirects to the SEO path.
 */
function idAlternates(locale: ShopLocale, url: string, idPath: string) {
  return LOCALES.map((target) => ({ locale: target, url: target === locale ? url : localizedPath(idPath, target) }));
}

/** Every path the gateway resolves: product, category, landing page, or 404. */
export default function Page() {
  const data = usePageQuery<RoutePageQueryType>(RoutePageQuery);
  const pageContext = usePageContext();
  const { locale } = pageContext;
  const shopOrigin = useShopOrigin();
  const urlPathname = shownPathOf(pageContext);
  const { t } = useTranslation('common');
  const route = data.route;

  // Each view is its own chunk, loaded before rendering (routeViews.tsx).
  const ProductPageView = routeView('ProductPage');
  const CategoryPageView = routeView('CategoryPage');
  const LandingPageView = routeView('LandingPageRoute');

  switch (route.__typename) {
    case 'ProductPage': {
      const { product } = route;
      const alternates = idAlternates(locale, product.url, `/detail/${product.productId}`);
      return (
        <DefaultLayout query={data} alternates={alternates} breadcrumbs={[...route.breadcrumb, { name: product.name, url: product.url }]}>
          <PageSeo title={product.metaTitle || product.name} description={product.metaDescription} path={product.url} alternates={alternates} />
          {route.productView && ProductPageView ? <ProductPageView route={route.productView} origin={shopOrigin ?? null} /> : null}
        </DefaultLayout>
      );
    }
    case 'CategoryPage': {
      const { category } = route;
      const url = category.url ?? urlPathname;
      const home = url === localizedPath('/', locale);
      const alternates = home ? LOCALES.map((target) => ({ locale: target, url: localizedPath('/', target) })) : idAlternates(locale, url, `/navigation/${category.categoryId}`);
      return (
        <DefaultLayout query={data} alternates={alternates} breadcrumbs={home ? [] : category.breadcrumb}>
          <PageSeo title={home ? null : category.seo.title || category.name} description={category.seo.description} path={url} alternates={alternates} />
          {route.categoryView && CategoryPageView ? <CategoryPageView route={route.categoryView} withBreadcrumbs={false} /> : null}
        </DefaultLayout>
      );
    }
    case 'LandingPageRoute': {
      const { landingPage } = route;
      const alternates = idAlternates(locale, landingPage.url, `/landingPage/${landingPage.landingPageId}`);
      return (
        <DefaultLayout query={data} alternates={alternates}>
          <PageSeo title={landingPage.seo.title || landingPage.name} description={landingPage.seo.description} path={landingPage.url} alternates={alternates} />
          {route.landingView && LandingPageView ? <LandingPageView route={route.landingView} /> : null}
        </DefaultLayout>
      );
    }
    default: {
      const alternates = LOCALES.map((target) => ({ locale: target, url: localizedPath('/', target) }));
      return (
        <DefaultLayout query={data} alternates={alternates}>
          <PageSeo title={t('notFound.title')} path={urlPathname} noIndex />
          <NotFoundView path={urlPathname} />
        </DefaultLayout>
      );
    }
  }
}
