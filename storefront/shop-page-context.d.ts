import type { GraphQLPayload, PersistedOperation } from './platform/relay/gatewayFetch';
import type { PageQueryDefinition } from './platform/relay/pageQueryDefinition';
import type { ShopLocale } from './platform/i18n/locales';
import type { PostedFormState } from './forms/postedForm';
import type { PharmacyMapTiles } from './features/pharmacies';

// What the shop adds to Vike's page context and config.
declare global {
  namespace Vike {
    interface PageContext {
      /** the page's language, from its URL prefix (+onBeforeRoute) */
      locale: ShopLocale;
      /**
       * Server only (server/index.ts): runs one GraphQL operation against the gateway in-process with the
       * shopper's cookies and headers; the gateway's Set-Cookie headers go onto the HTML response.
       */
      runGraphQL?: (operation: PersistedOperation) => Promise<GraphQLPayload>;
      /**
       * Server only: https and the lowercase host the shopper reached us at, for canonical and hreflang
       * links (SPEC §2). Components use useShopOrigin(), which also works in the browser.
       */
      shopOrigin?: string;
      /** Server only (server/storefront.ts): REDIRECT_ALLOW_LIST, the other sites a redirect may lead to (storefront/platform/security/safeRedirect.ts). */
      redirectAllowList?: readonly string[];
      /**
       * Server only (server/formPosts.ts): a form post the server refused, rendered back with what was sent and why
       * (storefront/forms/postedForm.tsx carries it into the form's HTML for hydration).
       */
      formPost?: PostedFormState;
      /** Server only (server/storefront.ts): the CSS each lazily loaded view needs (dist/client/route-view-css.json). */
      routeViewCss?: Readonly<Record<string, readonly string[]>>;
    }
    interface GlobalContext {
      /** The pharmacy map's tile server, or null for the offline map (+onCreateGlobalContext.server.ts; passed to the browser). */
      pharmacyMapTiles?: PharmacyMapTiles | null;
    }
    interface Config {
      pageQuery?: PageQueryDefinition;
      /** false: the page shows no form of checkout, account or customer pages, so the browser skips their texts */
      formTexts?: boolean;
    }
    interface ConfigResolved {
      pageQuery?: PageQueryDefinition;
      formTexts?: boolean;
    }
  }
}

export {};
