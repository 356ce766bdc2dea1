// The shop's own Store API routes: not in Shopware 6.7's Store API, so on a real Shopware they come with the shop
// plugin (contracts in docs/store-api-fidelity.md, ADR 0027). With `stockShopware` (tests only) the embedded Store
// API answers them with Shopware's 404, as a Shopware without the plugin does.

const SHOP_PLUGIN_ROUTES: readonly RegExp[] = [
  /^\/loyalty(\/(apply|assign))?$/,
  /^\/pharmacy(\/.+)?$/,
  /^\/customer-pharmacy$/,
  /^\/checkout\/cart\/pharmacy$/,
  /^\/prescription\/(delivery|pickup)$/,
  /^\/insurer(\/verify)?$/,
  /^\/contest(\/entry)?$/,
  /^\/article(\/.+)?$/,
  /^\/product-manufacturer$/,
  /^\/account\/recovery-password\/check$/,
  /^\/account\/register\/resend$/,
];

// Shopware 6.6 routes the embedded Store API still answers for older clients; Shopware 6.7 has removed them.
const REMOVED_IN_SHOPWARE_67: readonly RegExp[] = [/^\/account\/change-payment-method\/[^/]+$/];

/** Whether `path` (below /store-api) is one of the shop plugin's routes. */
function isShopPluginRoute(path: string): boolean {
  return SHOP_PLUGIN_ROUTES.some((route) => route.test(path));
}

/** Whether a stock Shopware 6.7 answers `path` (below /store-api) with 404: a plugin route or a removed 6.6 one. */
export function isMissingOnStockShopware(path: string): boolean {
  return isShopPluginRoute(path) || REMOVED_IN_SHOPWARE_67.some((route) => route.test(path));
}
