import { GRAPH_LOCALE, localizedPath } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import { RoutePageQuery } from '../route/RoutePage.query';
import { loadRouteView } from '../route/routeViews';

// Home is the route "/" of its language: the root category with its CMS page (same query and view).
export default definePageQuery({
  query: RoutePageQuery,
  // The home page shows its CMS page alone: no listing of the whole catalogue.
  variables: (pageContext) => ({ path: localizedPath('/', pageContext.locale), locale: GRAPH_LOCALE[pageContext.locale], withListing: false }),
  prepare: loadRouteView,
});
