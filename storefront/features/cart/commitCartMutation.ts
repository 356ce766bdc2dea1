import { commitMutation, type Environment, type GraphQLTaggedNode, type MutationParameters, type RecordSourceSelectorProxy } from 'relay-runtime';
import { rememberCartCount } from './cartHint';

/** A cart mutation's answer failed as a whole (network, gateway down): the shopper gets the generic message. */
export class CartRequestFailed extends Error {
  constructor(cause: unknown) {
    super('The cart request failed', { cause });
    this.name = 'CartRequestFailed';
  }
}

/**
 * Runs one of the cart mutations (addToCart, updateCartItem, …; each answers a CartPayload) and resolves
 * with its answer. The answer's cart becomes the store's root `cart` too, so everything reading
 * `cart` — the header badge, the cart page — shows it at once, also when the badge never asked (a
 * first add) or the session's cart id changed. The cart hint cookie follows the cart's count.
 */
export function commitCartMutation<T extends MutationParameters>(
  environment: Environment,
  mutation: GraphQLTaggedNode,
  variables: T['variables'],
  rootField: string,
): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, {
      mutation,
      variables,
      updater: (store: RecordSourceSelectorProxy) => {
        const cart = store.getRootField(rootField)?.getLinkedRecord('cart');
        if (!cart) return;
        store.getRoot().setLinkedRecord(cart, 'cart');
        const count = cart.getValue('productCount');
        if (typeof count === 'number') rememberCartCount(count);
      },
      onCompleted: (response, errors) => {
        // A payload nulled by an error (the gateway could not reach the Store API) is a failed request.
        const payload = (response as Record<string, unknown> | null)?.[rootField];
        if (payload == null) reject(new CartRequestFailed(errors));
        else resolve(response);
      },
      onError: (error) => reject(new CartRequestFailed(error)),
    });
  });
}
