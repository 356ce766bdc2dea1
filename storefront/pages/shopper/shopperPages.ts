/**
 * The shopper's pages of SPEC §2 whose bodies come with later issues, by path (without language prefix),
 * with the key of their title in common.json `pages`.
 */
export const SHOPPER_PAGES: ReadonlyArray<{ pattern: RegExp; title: string }> = [
  { pattern: /^\/pharmacy-map$/, title: 'pharmacyMap' },
  // Route families of SPEC §2 whose pages come later: fetched content, editorial, topic, brand, pharmacy.
  { pattern: /^\/s\/.+/, title: 'content' },
  { pattern: /^\/e\/.+/, title: 'magazine' },
  { pattern: /^\/t\/(?!bestseller$).+/, title: 'topic' },
  { pattern: /^\/b\/.+/, title: 'brands' },
  { pattern: /^\/p\/.+/, title: 'pharmacy' },
];

export function shopperPageTitle(logicalPath: string): string | undefined {
  return SHOPPER_PAGES.find((page) => page.pattern.test(logicalPath))?.title;
}
