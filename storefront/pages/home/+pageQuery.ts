import { GRAPH_LOCALE, localizedPath } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { RoutePageQuery } from '../route/RoutePage.query';
import { loadRouteView } from '../../platform/navigation/routeViews';

// Home is the route "/" of its language: the root category with its CMS page (same query and view).
export default definePageQuery({
  query: RoutePageQuery,
  // The home page shows its CMS page alone: no listing of the whole catalogue.
  variables: (pageContext) => ({ path: localizedPath('/', pageContext.locale), locale: GRAPH_LOCALE[pageContext.locale], withListing: false }),
  prepare: loadRouteView,
});
