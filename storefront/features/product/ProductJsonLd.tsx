import { graphql, useFragment } from 'react-relay/hooks';
import { useConfig } from 'vike-react/useConfig';
import { breadcrumbStructuredData, jsonForScript, productStructuredData } from '../../platform/seo/productJsonLd';
import type { ProductJsonLd_route$key } from './__generated__/ProductJsonLd_route.graphql';

const fragment = graphql`
  fragment ProductJsonLd_route on ProductPage {
    breadcrumb {
      name
      url
    }
    product {
      name
      productNumber
      ean
      description
      url
      ratingAverage
      brand {
        name
      }
      cover {
        url
      }
      media {
        url
      }
      price {
        unitPrice
      }
      availability {
        status
      }
      reviews(first: 10) {
        totalCount
      }
    }
  }
`;

interface ProductJsonLdProps {
  route: ProductJsonLd_route$key;
  /** https://host of the shop, for absolute URLs; paths stay relative without it */
  origin?: string | null;
}

/**
 * schema.org Product (with its offer and, when reviewed, AggregateRating) and BreadcrumbList for search
 * engines (issue 4 item 6). The JSON is escaped for a script element by jsonForScript: this is the one
 * place besides ShopHtml that sets inner HTML, and it never holds HTML. It goes into the head of the
 * server's HTML, where search engines read it: the browser never rebuilds it, so the builder stays out of
 * the page's JavaScript.
 */
export function ProductJsonLd({ route, origin = null }: ProductJsonLdProps) {
  const { breadcrumb, product } = useFragment(fragment, route);
  const setConfig = useConfig();
  if (!import.meta.env.SSR) return null;
  const images = [product.cover?.url, ...product.media.map((media) => media.url)].filter((url): url is string => !!url);
  const structured = [
    productStructuredData(
      {
        name: product.name,
        sku: product.productNumber,
        gtin13: product.ean,
        brand: product.brand?.name,
        images: [...new Set(images)],
        descriptionHtml: product.description,
        price: product.price.unitPrice,
        availability: product.availability.status,
        url: product.url,
        ratingAverage: product.ratingAverage,
        reviewCount: product.reviews.totalCount,
      },
      origin,
    ),
    breadcrumbStructuredData([...breadcrumb, { name: product.name, url: product.url }], origin),
  ];
  setConfig({ Head: <script type="application/ld+json" data-testid="product-json-ld" dangerouslySetInnerHTML={{ __html: jsonForScript(structured) }} /> });
  return null;
}
