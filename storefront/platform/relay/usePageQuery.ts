import { useData } from 'vike-react/useData';
import { useLazyLoadQuery } from 'react-relay/hooks';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import type { PageQueryData } from './pageQuery';

/**
 * The page's query result, read from the store the data hook filled: the answer was committed before
 * rendering, on the server and before hydration alike. `store-only`, so a partial answer (a field nulled
 * by an error) renders as it is instead of costing a second operation.
 */
export function usePageQuery<T extends OperationType>(query: GraphQLTaggedNode): T['response'] {
  const { variables } = useData<PageQueryData>();
  return useLazyLoadQuery<T>(query, variables as T['variables'], { fetchPolicy: 'store-only' });
}
