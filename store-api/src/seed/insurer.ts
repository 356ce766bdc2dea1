import type { SeededProduct } from './catalogue';
import type { TableWriter } from './table-writer';

// Insurer partnership (SPEC §9): which medicines are generics or originals, and the insured customer groups.

export function seedInsurer(w: TableWriter, products: SeededProduct[]): void {
  void w;
  void products;
}
