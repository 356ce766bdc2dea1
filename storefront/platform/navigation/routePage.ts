import { GRAPH_LOCALE, localizedPath, shownPathOf, splitLocalePath } from '../i18n/locales';
import type { PageContext } from 'vike/types';

/** The path the gateway resolves for a URL: /cp/{path} shows the category at /{path} (SPEC §2). */
export function gatewayPathOf(pageContext: PageContext): string {
  const { locale, logicalPath } = splitLocalePath(shownPathOf(pageContext));
  const categoryPath = /^\/cp(\/.+)$/.exec(logicalPath)?.[1];
  return localizedPath(categoryPath ?? logicalPath, locale);
}

/**
 * The route query's variables: the path, and the listing's filters, sorting and page from the query string (SPEC §9).
 * The browser needs them only on a client navigation (hydration takes the server's), so the URL parser is loaded
 * then, not with the page (ADR 0014).
 */
export async function routeVariables(pageContext: PageContext) {
  const { listingParamsOfPage } = await import('../../features/catalog/listingRequest');
  const { filters, sort, page } = listingParamsOfPage(pageContext);
  return { path: gatewayPathOf(pageContext), locale: GRAPH_LOCALE[pageContext.locale], filters, sort, page, withListing: true };
}
