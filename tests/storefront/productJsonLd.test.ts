import { describe, expect, it } from 'vitest';
import { breadcrumbStructuredData, jsonForScript, productStructuredData, textOfShopHtml } from '../../storefront/platform/seo/productJsonLd';

// Issue 4 item 6: the product page's JSON-LD, and its escaping for an inline <script>.

const base = {
  name: 'Vitamin D3 Tropfen',
  sku: 'P100009.1',
  gtin13: '7600000000104',
  brand: 'Salvia Nova',
  images: ['http://shop.test/media/a.svg'],
  descriptionHtml: '<p><strong>Vitamin D3</strong> &amp; mehr</p><p>Inhalt: 10&nbsp;ml.</p>',
  price: 13.9,
  availability: 'IN_STOCK',
  url: '/salvia-nova-vitamin-d3/p100009',
  ratingAverage: 4.54,
  reviewCount: 4,
};

describe('jsonForScript', () => {
  it('keeps </script> in a product name from closing the script element, and parses back to the same value', () => {
    const value = { name: 'Evil </script><script>alert(1)</script> <!-- & more' };
    const json = jsonForScript(value);
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).not.toContain('<!--');
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('escapes the line and paragraph separators U+2028 and U+2029', () => {
    const value = { name: 'a\u2028b\u2029c' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(json).toContain('\\u2028');
    expect(json).toContain('\\u2029');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('productStructuredData', () => {
  it('describes the product with its offer in CHF and the rating, with absolute URLs', () => {
    const data = productStructuredData(base, 'https://www.shop.ch');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Vitamin D3 Tropfen',
      sku: 'P100009.1',
      gtin13: '7600000000104',
      brand: { '@type': 'Brand', name: 'Salvia Nova' },
      image: ['http://shop.test/media/a.svg'],
      description: 'Vitamin D3 & mehr Inhalt: 10 ml.',
      offers: {
        '@type': 'Offer',
        price: '13.90',
        priceCurrency: 'CHF',
        availability: 'https://schema.org/InStock',
        url: 'https://www.shop.ch/salvia-nova-vitamin-d3/p100009',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 4 },
    });
  });

  it('leaves out the rating without reviews and a GTIN that is not 13 digits; maps stock states', () => {
    const data = productStructuredData({ ...base, reviewCount: 0, ratingAverage: null, gtin13: '12345', availability: 'ON_CUSTOMER_ORDER' });
    expect(data.aggregateRating).toBeUndefined();
    expect(data.gtin13).toBeUndefined();
    expect((data.offers as { availability: string; url: string }).availability).toBe('https://schema.org/BackOrder');
    // without a known origin the path stays as the graph gave it
    expect((data.offers as { url: string }).url).toBe('/salvia-nova-vitamin-d3/p100009');
    expect((productStructuredData({ ...base, availability: 'NOT_AVAILABLE' }).offers as { availability: string }).availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });
});

describe('breadcrumbStructuredData', () => {
  it('lists the steps with positions from 1 and absolute links', () => {
    const data = breadcrumbStructuredData(
      [
        { name: 'Startseite', url: '/' },
        { name: 'Vitamin D', url: '/vitamine-mineralstoffe/vitamin-d' },
        { name: 'Vitamin D3 Tropfen', url: '/salvia-nova-vitamin-d3/p100009' },
      ],
      'https://www.shop.ch',
    );
    expect(data['@type']).toBe('BreadcrumbList');
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Startseite', item: 'https://www.shop.ch/' },
      { '@type': 'ListItem', position: 2, name: 'Vitamin D', item: 'https://www.shop.ch/vitamine-mineralstoffe/vitamin-d' },
      { '@type': 'ListItem', position: 3, name: 'Vitamin D3 Tropfen', item: 'https://www.shop.ch/salvia-nova-vitamin-d3/p100009' },
    ]);
  });
});

describe('textOfShopHtml', () => {
  it('drops tags, scripts and styles and decodes entities', () => {
    expect(textOfShopHtml('<p>A&#39;s <b>bold</b></p><script>x()</script><style>p{}</style>&#x41;&lt;&gt; &unknown;')).toBe("A's bold A<> &unknown;");
  });
});
