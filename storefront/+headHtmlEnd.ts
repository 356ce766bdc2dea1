import type { PageContextServer } from 'vike/types';
import { ROUTE_VIEW_SOURCES, routeViewOf } from './platform/navigation/routeViews';
import type { PageQueryData } from './platform/relay/pageQuery';
import { redirectAllowListMeta } from './platform/security/safeRedirect';

// The end of every page's <head>. (The shell's third-party scripts are written per response after the shopper's
// consent, server/consent.ts.) The csp-nonce <meta> is where Vite's preload helper reads the nonce for
// the <link rel=modulepreload> tags it adds before a lazy chunk loads (e.g. the cart code on first use). A configured
// REDIRECT_ALLOW_LIST is handed to the browser's login page in a <meta> too.
export default function headHtmlEnd(pageContext: PageContextServer): string {
  const nonce = pageContext.cspNonce ?? undefined;
  const meta = nonce ? `<meta property="csp-nonce" nonce="${nonce}">` : '';
  return meta + routeViewStylesheets(pageContext) + redirectAllowListMeta(pageContext.redirectAllowList);
}

/**
 * The stylesheets of the view a route page shows (product, category, landing page): Vike links only the CSS of
 * the page's static imports, and the view is loaded lazily (storefront/platform/build/routeViewStyles.ts says why).
 */
function routeViewStylesheets(pageContext: PageContextServer): string {
  const view = routeViewOf((pageContext.data as PageQueryData | null | undefined)?.response?.data as Record<string, unknown> | undefined);
  const hrefs = view ? (pageContext.routeViewCss?.[ROUTE_VIEW_SOURCES[view]] ?? []) : [];
  return hrefs.map((href) => `<link rel="stylesheet" type="text/css" href="${encodeURI(href)}">`).join('');
}
