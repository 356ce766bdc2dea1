import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { leadToOwnAddress } from '../../platform/seo/ownAddress';
import type { RoutePageQuery$data } from './__generated__/RoutePageQuery.graphql';
import { RoutePageQuery } from './RoutePage.query';
import { routeVariables } from '../../platform/navigation/routePage';
import { loadRouteView } from '../../platform/navigation/routeViews';

export default definePageQuery({
  query: RoutePageQuery,
  variables: routeVariables,
  statusOf: (data, pageContext) => {
    const route = (data as RoutePageQuery$data).route;
    const urls = route.__typename === 'ProductPage' ? route : route.__typename === 'CategoryPage' ? route.category : route.__typename === 'LandingPageRoute' ? route.landingPage : null;
    const url = urls ? { de: urls.urlDe, it: urls.urlIt, fr: urls.urlFr }[pageContext.locale] : null;
    // /fr/detail/{id} and old paths (another language's SEO path under /fr) → the page's French SEO path.
    leadToOwnAddress(pageContext, url);
    return route.__typename === 'NotFound' ? 404 : 200;
  },
  prepare: loadRouteView,
});
