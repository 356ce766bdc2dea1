import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters, SelectorStoreUpdater } from 'relay-runtime';

/**
 * A Relay mutation as a promise: the answer, or null when the gateway could not be reached or answered
 * with a GraphQL error instead of data (the checkout then says "Es ist ein Fehler aufgetreten…" and keeps
 * everything the shopper typed). Errors of the shop (ShopError) come inside the answer, as data.
 */
export function useShopMutation<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [(variables: T['variables'], updater?: SelectorStoreUpdater<T['response']>) => Promise<T['response'] | null>, boolean] {
  const [commit, inFlight] = useMutation<T>(mutation);
  const run = useCallback(
    (variables: T['variables'], updater?: SelectorStoreUpdater<T['response']>) =>
      new Promise<T['response'] | null>((resolve) => {
        commit({
          variables,
          updater,
          onCompleted: (response, errors) => resolve(response && !(errors?.length && Object.values(response).every((value) => value == null)) ? response : null),
          onError: () => resolve(null),
        });
      }),
    [commit],
  );
  return [run, inFlight];
}

/** A ShopError-shaped record for the "Store API failed" case, with the generic message (SPEC §8). */
export function unavailableError(message: string) {
  return { code: 'UNAVAILABLE', message, field: null } as const;
}

/** The fields every mutation reads of its `errors`; spread unmasked (`...useShopMutation_error @relay(mask: false)`). */
export const shopErrorFields = graphql`
  fragment useShopMutation_error on ShopError {
    code
    message
    field
  }
`;
