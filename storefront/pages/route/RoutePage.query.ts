import { graphql } from 'react-relay/hooks';

/**
 * The ONE query of every path the gateway resolves (SPEC §2 link building): the shell (header, footer)
 * and what the path shows — a product, a category (its CMS page and listing), a landing page, or nothing.
 * Its address in each language feeds the canonical link, hreflang and the language switcher (ADR 0028).
 */
export const RoutePageQuery = graphql`
  query RoutePageQuery(
    $path: String!
    $locale: Locale!
    $filters: ListingFilterInput
    $sort: String
    $page: Int
    $withListing: Boolean!
  ) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    route(path: $path, locale: $locale) {
      __typename
      ... on ProductPage {
        urlDe: url(locale: DE)
        urlIt: url(locale: IT)
        urlFr: url(locale: FR)
        breadcrumb {
          name
          url
        }
        product {
          productId
          name
          url
          metaTitle
          metaDescription
        }
        ...ProductPageView_route @alias(as: "productView")
      }
      ... on CategoryPage {
        category {
          categoryId
          name
          url
          urlDe: url(locale: DE)
          urlIt: url(locale: IT)
          urlFr: url(locale: FR)
          breadcrumb {
            name
            url
          }
          seo {
            title
            description
          }
        }
        ...CategoryPageView_route @arguments(filters: $filters, sort: $sort, page: $page, withListing: $withListing) @alias(as: "categoryView")
      }
      ... on LandingPageRoute {
        landingPage {
          landingPageId
          name
          url
          urlDe: url(locale: DE)
          urlIt: url(locale: IT)
          urlFr: url(locale: FR)
          seo {
            title
            description
          }
        }
        ...LandingPageView_route @alias(as: "landingView")
      }
      ... on NotFound {
        path
        message
      }
    }
  }
`;
