import { ProductCard } from './ProductCard';
import { SliderRow } from './SliderRow';
import type { ProductCard_product$key } from './__generated__/ProductCard_product.graphql';

interface ProductSliderProps {
  /** The heading above the row; without one the row is labelled for screen readers only. */
  title?: string | null;
  products: readonly ({ readonly id: string } & ProductCard_product$key)[];
}

/** A row of product cards that scrolls sideways (SliderRow). */
export function ProductSlider({ title, products }: ProductSliderProps) {
  return <SliderRow title={title} items={products.map((product) => ({ key: product.id, card: <ProductCard product={product} /> }))} />;
}
