import type { GlobalContextServer } from 'vike/types';
import { FooterBadges } from './shell/FooterBadges';
import { ProductAvailability, ProductUsps, VariantConfigurator, ProductReviewForm } from './features/product';
import { serverIslands } from './platform/serverIslands';
import { readPharmacyMapTiles } from './features/pharmacies';

// The pharmacy map's tile server (PHARMACY_MAP_TILE_URL), once per server process. It lives on the globalContext,
// not in pageContextInit: +config.ts passes it to the browser in the page's HTML, and a pageContextInit value in
// passToClient would make every client navigation fetch pageContext.json from the server.
// server/storefront.ts reads the same variables when the server starts, so a bad value stops the start there.
export function onCreateGlobalContext(globalContext: GlobalContextServer): void {
  globalContext.pharmacyMapTiles = readPharmacyMapTiles(process.env);
  // server HTML only: their code stays out of the pages' JavaScript (ADR 0030)
  serverIslands.reviewForm = ProductReviewForm;
  serverIslands.footerBadges = FooterBadges;
  serverIslands.productAvailability = ProductAvailability;
  serverIslands.productUsps = ProductUsps;
  serverIslands.variantConfigurator = VariantConfigurator;
}
