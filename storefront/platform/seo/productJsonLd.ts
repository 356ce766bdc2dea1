// Structured data of a product page (schema.org Product + BreadcrumbList) and its safe embedding in
// an inline <script>. Kept free of React and Relay so the rules are tested on their own.

/**
 * JSON for an inline `<script type="application/ld+json">`. JSON.stringify alone lets `</script>` in a
 * product name close the tag (and `<!--` open a comment); U+2028/U+2029 end lines in old JavaScript
 * parsers. Escaping `<`, `>`, `&` and both separators as \uXXXX keeps the JSON identical once parsed.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The readable text of shop HTML (descriptions) for search engines: tags dropped, entities decoded. */
export function textOfShopHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export type ShopAvailability = 'IN_STOCK' | 'ON_CUSTOMER_ORDER' | 'NOT_AVAILABLE';

const SCHEMA_AVAILABILITY: Record<ShopAvailability, string> = {
  IN_STOCK: 'https://schema.org/InStock',
  ON_CUSTOMER_ORDER: 'https://schema.org/BackOrder',
  NOT_AVAILABLE: 'https://schema.org/OutOfStock',
};

export interface ProductFacts {
  name: string;
  sku: string;
  gtin13?: string | null;
  brand?: string | null;
  images: readonly string[];
  descriptionHtml?: string | null;
  price: number;
  availability: string;
  /** the product page's path or URL as the graph gives it */
  url: string;
  ratingAverage?: number | null;
  reviewCount: number;
}

/** Absolute URL of a shop path; paths stay relative when the origin is not known. */
export function absoluteShopUrl(pathOrUrl: string, origin: string | null | undefined): string {
  if (!origin) return pathOrUrl;
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return pathOrUrl;
  }
}

/** A GTIN-13 is exactly 13 digits; anything else in the EAN field is not claimed as one. */
function gtin13Of(ean: string | null | undefined): string | undefined {
  const digits = ean?.trim();
  return digits && /^\d{13}$/.test(digits) ? digits : undefined;
}

export function productStructuredData(product: ProductFacts, origin?: string | null): Record<string, unknown> {
  const description = product.descriptionHtml ? textOfShopHtml(product.descriptionHtml) : '';
  const availability = SCHEMA_AVAILABILITY[product.availability as ShopAvailability] ?? SCHEMA_AVAILABILITY.NOT_AVAILABLE;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(gtin13Of(product.gtin13) ? { gtin13: gtin13Of(product.gtin13) } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.images.length ? { image: product.images.map((image) => absoluteShopUrl(image, origin)) } : {}),
    ...(description ? { description } : {}),
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'CHF',
      availability,
      url: absoluteShopUrl(product.url, origin),
    },
  };
  // Google rejects an AggregateRating without reviews behind it.
  if (product.reviewCount > 0 && product.ratingAverage != null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(product.ratingAverage * 10) / 10,
      reviewCount: product.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

export interface BreadcrumbStep {
  name: string;
  url: string;
}

export function breadcrumbStructuredData(steps: readonly BreadcrumbStep[], origin?: string | null): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteShopUrl(step.url, origin),
    })),
  };
}
