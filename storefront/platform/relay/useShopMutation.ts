import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode, MutationParameters, PayloadError, SelectorStoreUpdater } from 'relay-runtime';
import { useOptionalNotifications } from '../../shell/Notifications';

type GatewayError = PayloadError & { extensions?: { code?: string } };

/**
 * The gateway's refusal of a too frequent attempt (code RATE_LIMITED, HTTP 429), already translated, from what
 * Relay hands over: the errors beside the data, or the failed payload of its error (`source.errors`).
 */
export function rateLimitMessageOf(errors: readonly GatewayError[] | null | undefined, error?: unknown): string | null {
  const source = (error as { source?: { errors?: readonly GatewayError[] } } | undefined)?.source?.errors;
  const limited = [...(errors ?? []), ...(source ?? [])].find((entry) => entry.extensions?.code === 'RATE_LIMITED');
  return limited?.message ?? null;
}

/**
 * A Relay mutation as a promise: the answer, or null when the gateway could not be reached or answered
 * with a GraphQL error instead of data (the checkout then says "Es ist ein Fehler aufgetreten…" and keeps
 * everything the shopper typed). Errors of the shop (ShopError) come inside the answer, as data.
 */
export function useShopMutation<T extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [(variables: T['variables'], updater?: SelectorStoreUpdater<T['response']>) => Promise<T['response'] | null>, boolean] {
  const [commit, inFlight] = useMutation<T>(mutation);
  const notifications = useOptionalNotifications();
  const run = useCallback(
    (variables: T['variables'], updater?: SelectorStoreUpdater<T['response']>) =>
      new Promise<T['response'] | null>((resolve) => {
        commit({
          variables,
          updater,
          onCompleted: (response, errors) => {
            const failed = !response || Boolean(errors?.length && Object.values(response).every((value) => value == null));
            // The form shows its generic message; the shopper also learns why and how long to wait.
            const limited = failed ? rateLimitMessageOf(errors as GatewayError[] | null) : null;
            if (limited) notifications?.notify({ type: 'danger', message: limited, persistent: true });
            resolve(failed ? null : response);
          },
          onError: (error) => {
            const limited = rateLimitMessageOf(null, error);
            if (limited) notifications?.notify({ type: 'danger', message: limited, persistent: true });
            resolve(null);
          },
        });
      }),
    [commit, notifications],
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
