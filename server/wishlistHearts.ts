import type { Logger } from 'pino';
import type { Gateway } from '../gateway/src/yoga';
import { hasCustomerHint } from '../storefront/features/wishlist/customerHint';
import { HEART_ADD_ATTRIBUTE, HEART_REMOVE_ATTRIBUTE } from '../storefront/features/wishlist/wishlistForms';
import { callGateway } from './gatewayCall';
import { sessionTokenOf } from './pageCache';
import { persistedOperationsByName } from './formPosts';

// The wishlist hearts without scripts (issue 18, ADR 0023). Catalogue pages are shared (the page cache), so every
// heart is in their HTML in both states, "add" shown. For a logged-in customer the page gets a style that shows the
// "remove" heart of each product on their wishlist instead: the HTML stays the shared one, the style is theirs.

/** The operation the enhanced hearts read the list with (storefront/features/wishlist/wishlistStore.ts). */
const WISHLIST_QUERY = 'wishlistStoreStateQuery';

const PRODUCT_ID = /^[0-9a-f]{32}$/;

/** The style that shows the "remove" heart of these products (ids checked: they go into CSS). */
export function wishlistHeartsStyle(productIds: readonly string[]): string {
  const rules = productIds
    .filter((id) => PRODUCT_ID.test(id))
    .map((id) => `[${HEART_ADD_ATTRIBUTE}="${id}"]{display:none!important}[${HEART_REMOVE_ATTRIBUTE}="${id}"]{display:inline-flex!important}`);
  return rules.length > 0 ? `<style>${rules.join('')}</style>` : '';
}

/**
 * A page's HTML for its shopper: with the style of their wishlist's hearts when the page has hearts and the request
 * is a logged-in customer's (the customer hint, then the gateway's answer decides), else null (the page as it is).
 */
export function createWishlistHearts(options: { gateway: Gateway; logger: Logger; persistedQueriesFile?: string }) {
  const operation = persistedOperationsByName(options.persistedQueriesFile ?? 'persisted_queries.json');
  return async (request: Request, html: string): Promise<string | null> => {
    if (!html.includes(HEART_ADD_ATTRIBUTE) || !sessionTokenOf(request) || !hasCustomerHint(request.headers.get('cookie'))) return null;
    const query = operation(WISHLIST_QUERY);
    if (!query) return null;
    try {
      const { payload } = await callGateway(options.gateway, request, { id: query.id, text: query.text, variables: {} });
      const viewer = payload.data?.viewer as { loggedIn?: boolean; wishlistProductIds?: string[] } | null | undefined;
      const style = viewer?.loggedIn ? wishlistHeartsStyle(viewer.wishlistProductIds ?? []) : '';
      return style ? html.replace('</head>', `${style}</head>`) : null;
    } catch (error) {
      // the hearts stay as shared: "add" (adding twice changes nothing)
      options.logger.warn({ err: error }, 'wishlist hearts: the wishlist could not be read');
      return null;
    }
  };
}
