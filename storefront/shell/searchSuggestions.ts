import { fetchQuery, graphql } from 'react-relay/hooks';
import type { Environment } from 'relay-runtime';
import type { searchSuggestionsQuery, searchSuggestionsQuery$data, searchSuggestionsQuery$variables } from './__generated__/searchSuggestionsQuery.graphql';

// Asked in the browser only, while the shopper types; never part of a page's query.
const suggestQuery = graphql`
  query searchSuggestionsQuery($term: String!, $limit: Int, $locale: Locale) {
    searchSuggest(term: $term, limit: $limit, locale: $locale) {
      total
      nodes {
        id
        name
        url
        cover {
          alt
          resizedUrl(width: 100)
        }
        price {
          unitPrice
        }
      }
    }
  }
`;

/** The header search's suggestions for a term (StoreSearch.tsx loads this module when the shopper types). */
export function fetchSuggestions(environment: Environment, variables: searchSuggestionsQuery$variables): Promise<searchSuggestionsQuery$data | undefined> {
  return fetchQuery<searchSuggestionsQuery>(environment, suggestQuery, variables).toPromise();
}
