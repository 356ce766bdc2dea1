// The product feature as other features and pages see it: import it from here, never from its files.
export type { ProductAvailability_product$key } from './__generated__/ProductAvailability_product.graphql';
export type { ProductUsps_product$key } from './__generated__/ProductUsps_product.graphql';
export type { VariantConfigurator_product$key } from './__generated__/VariantConfigurator_product.graphql';
export { ProductAvailability } from './ProductAvailability';
export type { ProductPageView } from './ProductPageView';
export { ProductReviewForm } from './ProductReviewForm';
export { ProductUsps } from './ProductUsps';
export { VariantConfigurator } from './VariantConfigurator';
