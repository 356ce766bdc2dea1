import { Hono, type Context } from 'hono';
import type { StoreApiConfig } from './config';
import { resolveContext, type SalesChannelContext } from './context';
import { storeApiCors } from './cors';
import type { Db } from './db/connection';
import { StoreApiError, errorBody } from './errors';
import { registerAccountRoutes } from './routes/account';
import { registerBreadcrumbRoutes } from './routes/breadcrumb';
import { registerCartRoutes } from './routes/cart';
import { configureCart } from './domain/cart';
import { configureAbuseLimits } from './domain/rate-limit';
import { registerCatalogRoutes } from './routes/catalog';
import { registerContactRoutes } from './routes/contact';
import { registerContentRoutes } from './routes/content';
import { registerCustomerPharmacyRoutes } from './routes/customer-pharmacy';
import { registerLoyaltyRoutes } from './routes/loyalty';
import { registerNewsletterRoutes } from './routes/newsletter';
import { registerOrderRoutes } from './routes/order';
import { registerPharmacyRoutes } from './routes/pharmacy';
import { registerSystemRoutes } from './routes/system';
import { registerWishlistRoutes } from './routes/wishlist';
import { registerArticleRoutes } from './routes/article';
import { registerContestRoutes } from './routes/contest';
import { registerInsurerRoutes } from './routes/insurer';
import { registerManufacturerRoutes } from './routes/manufacturer';
import { registerPrescriptionRoutes } from './routes/prescription';
import { isMissingOnStockShopware } from './shop-plugin-routes';

export interface StoreApiEnv {
  Variables: { ctx: SalesChannelContext; deps: StoreApiDeps };
}

export interface StoreApiDeps {
  db: Db;
  config: StoreApiConfig;
}

export type StoreApiApp = Hono<StoreApiEnv>;

/**
 * The embedded Shopware-compatible Store API, mounted at /store-api.
 * `app.fetch(request)` answers without TCP, which is how the gateway calls it in the same process.
 */
export function createStoreApi(deps: StoreApiDeps): StoreApiApp {
  // The cart's settings and the abuse limits are the configuration's, bound to the database once: products promise
  // the cart's free-shipping threshold, orders read carts, accounts and forms count attempts.
  configureCart(deps.db, { freeShippingThresholdChf: deps.config.freeShippingThresholdChf });
  configureAbuseLimits(deps.db, deps.config.abuseLimits);
  const app = new Hono<StoreApiEnv>().basePath('/store-api');

  app.onError((err, c) => {
    if (err instanceof StoreApiError) return c.json(errorBody(err), err.status as 400);
    console.error('store-api: unexpected error', err);
    const internal = StoreApiError.of(500, 'FRAMEWORK__INTERNAL_ERROR', 'An internal error occurred.');
    return c.json(errorBody(internal), 500);
  });
  const routeNotFound = (c: Context) => {
    const err = StoreApiError.of(404, 'FRAMEWORK__ROUTE_NOT_FOUND', `No route found for "${c.req.method} ${c.req.path}".`);
    return c.json(errorBody(err), 404);
  };
  app.notFound(routeNotFound);
  if (deps.config.stockShopware) {
    app.use('*', async (c, next) => (isMissingOnStockShopware(c.req.path.slice('/store-api'.length)) ? routeNotFound(c) : next()));
  }

  // Before the context: a preflight carries no access key.
  app.use('*', storeApiCors(deps.config.corsOrigins));
  app.use('*', async (c, next) => {
    const ctx = resolveContext(
      deps.db,
      {
        accessKey: c.req.header('sw-access-key'),
        contextToken: c.req.header('sw-context-token'),
        languageId: c.req.header('sw-language-id'),
        includeSeoUrls: c.req.header('sw-include-seo-urls'),
      },
      deps.config.origins,
      { asynchronousPayments: deps.config.paymentSimulation },
    );
    c.set('ctx', ctx);
    c.set('deps', deps);
    await next();
    // Older Shopware cores echo the token on every response; clients take any token they receive.
    c.header('sw-context-token', ctx.token);
    c.header('sw-language-id', ctx.languageId);
  });

  registerSystemRoutes(app);
  registerCatalogRoutes(app);
  registerContentRoutes(app);
  registerBreadcrumbRoutes(app);
  registerCartRoutes(app);
  registerPharmacyRoutes(app);
  registerAccountRoutes(app);
  registerOrderRoutes(app);
  registerNewsletterRoutes(app);
  registerWishlistRoutes(app);
  registerLoyaltyRoutes(app);
  registerCustomerPharmacyRoutes(app);
  registerContactRoutes(app);
  registerManufacturerRoutes(app);
  registerArticleRoutes(app);
  registerPrescriptionRoutes(app);
  registerInsurerRoutes(app);
  registerContestRoutes(app);
  return app;
}
