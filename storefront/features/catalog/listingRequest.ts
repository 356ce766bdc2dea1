import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { listingParamsFromUrl, listingRedirectOf, type ListingParams } from './listingUrl';

/**
 * The listing a page's URL asks for (its page query's filters, sort and page). A listing's GET form sent without
 * scripts arrives with its fields as a plain form writes them; it is led on (302) to the URL the enhanced form opens
 * for the same choices, so the address, the page cache's key and the back button are the same either way.
 */
export function listingParamsOfPage(pageContext: PageContext): ListingParams {
  // urlOriginal: the address the browser asked for, with its language prefix (/it/…)
  const url = new URL(pageContext.urlOriginal, 'http://shop.invalid');
  const canonical = listingRedirectOf(`${url.pathname}${url.search}`);
  if (canonical) throw redirect(canonical);
  return listingParamsFromUrl(url.searchParams);
}
