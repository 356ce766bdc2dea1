/**
 * URL slugs as Shopware's storefront writes them: lowercase ASCII, German umlauts spelled out,
 * everything else separated by single dashes.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hands out slugs that are unique within one scope (one language), adding -2, -3 … on collision. */
export class UniqueSlugs {
  private readonly taken = new Set<string>();

  claim(wanted: string): string {
    let candidate = wanted;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${wanted}-${n}`;
    this.taken.add(candidate);
    return candidate;
  }
}
