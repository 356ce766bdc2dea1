import { redirect } from 'vike/abort';
import { shownPathOf } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import type { RoutePageQuery$data } from './__generated__/RoutePageQuery.graphql';
import { RoutePageQuery } from './RoutePage.query';
import { isIdPath, routeVariables } from './routePage';
import { loadRouteView } from './routeViews';

export default definePageQuery({
  query: RoutePageQuery,
  variables: routeVariables,
  statusOf: (data, pageContext) => {
    const route = (data as RoutePageQuery$data).route;
    const url = route.__typename === 'ProductPage' ? route.product.url : route.__typename === 'CategoryPage' ? route.category.url : route.__typename === 'LandingPageRoute' ? route.landingPage.url : null;
    // /fr/detail/{id} (where the language switcher leads) → the product's French SEO path, its query kept (a saved
    // review's ?review=pending comes back to /detail/{id}).
    const shown = shownPathOf(pageContext);
    if (url && isIdPath(shown) && url !== shown) throw redirect(`${url}${new URL(pageContext.urlOriginal, 'http://shop.invalid').search}`, 301);
    return route.__typename === 'NotFound' ? 404 : 200;
  },
  prepare: loadRouteView,
});
