import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { NotFoundView } from '../../shell/NotFoundView';
import { PageSeo } from '../../platform/seo/PageSeo';
import { LOCALES, localizedPath, shownPathOf, type ShopLocale } from '../../platform/i18n/locales';
import { useShopOrigin } from '../../platform/seo/useShopOrigin';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { RoutePageQuery as RoutePageQueryType } from './__generated__/RoutePageQuery.graphql';
import { RoutePageQuery } from './RoutePage.query';
import { routeView } from '../../platform/navigation/routeViews';

/** The page in each language, from the graph's `url(locale:)`: each its own SEO URL, answering without a redirect (ADR 0028). */
function alternatesOf(urls: { urlDe: string | null | undefined; urlIt: string | null | undefined; urlFr: string | null | undefined }) {
  const byLocale: Record<ShopLocale, string | null | undefined> = { de: urls.urlDe, it: urls.urlIt, fr: urls.urlFr };
  return LOCALES.flatMap((locale) => {
    const url = byLocale[locale];
    return url ? [{ locale, url }] : [];
  });
}

/** The page's own address in its language (its canonical link), else the path it was asked for. */
function ownUrl(alternates: readonly { locale: ShopLocale; url: string }[], locale: ShopLocale, fallback: string): string {
  return alternates.find((alternate) => alternate.locale === locale)?.url ?? fallback;
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
      const alternates = alternatesOf(route);
      const url = ownUrl(alternates, locale, product.url);
      return (
        <DefaultLayout query={data} alternates={alternates} breadcrumbs={[...route.breadcrumb, { name: product.name, url }]}>
          <PageSeo title={product.metaTitle || product.name} description={product.metaDescription} path={url} alternates={alternates} />
          {route.productView && ProductPageView ? <ProductPageView route={route.productView} origin={shopOrigin ?? null} /> : null}
        </DefaultLayout>
      );
    }
    case 'CategoryPage': {
      const { category } = route;
      const alternates = alternatesOf(category);
      const url = ownUrl(alternates, locale, category.url ?? urlPathname);
      const home = url === localizedPath('/', locale);
      return (
        <DefaultLayout query={data} alternates={alternates} breadcrumbs={home ? [] : category.breadcrumb}>
          <PageSeo title={home ? null : category.seo.title || category.name} description={category.seo.description} path={url} alternates={alternates} />
          {route.categoryView && CategoryPageView ? <CategoryPageView route={route.categoryView} withBreadcrumbs={false} /> : null}
        </DefaultLayout>
      );
    }
    case 'LandingPageRoute': {
      const { landingPage } = route;
      const alternates = alternatesOf(landingPage);
      return (
        <DefaultLayout query={data} alternates={alternates}>
          <PageSeo title={landingPage.seo.title || landingPage.name} description={landingPage.seo.description} path={ownUrl(alternates, locale, landingPage.url)} alternates={alternates} />
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
