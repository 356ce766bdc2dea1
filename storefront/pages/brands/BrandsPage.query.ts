import { graphql } from 'react-relay/hooks';

// /marken: the shell and every brand A–Z.
export const BrandsPageQuery = graphql`
  query BrandsPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...BrandOverview_query @arguments(locale: $locale)
  }
`;
