import type { ComponentType } from 'react';
import type { ProductAvailability_product$key, ProductUsps_product$key, VariantConfigurator_product$key } from '../features/product';

/** The parts of a page only the server renders (ADR 0030), with the props each takes. */
export interface ServerIslandProps {
  /** the product page's review form */
  reviewForm: { productId: string };
  /** the product page's variant choice (links), availability lines and promises (returns, dispatch, free shipping) */
  variantConfigurator: { product: VariantConfigurator_product$key };
  productAvailability: { product: ProductAvailability_product$key };
  productUsps: { product: ProductUsps_product$key };
  /** the footer's payment and delivery logos and social links */
  footerBadges: Record<string, never>;
}

export type ServerIslandName = keyof ServerIslandProps;

/**
 * The islands' components, registered by +onCreateGlobalContext.server.ts so that no browser chunk imports them.
 * The browser keeps their HTML as it is when the page hydrates (ServerIsland.tsx).
 */
export const serverIslands: { [N in ServerIslandName]?: ComponentType<ServerIslandProps[N]> } = {};
