import { useEffect, useState } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay/hooks';
import { commitLocalUpdate, createOperationDescriptor, fetchQuery, getRequest, type Environment, type Snapshot, type Subscription } from 'relay-runtime';
import type { cartCountQuery$data } from './__generated__/cartCountQuery.graphql';
import { hasCartHint, rememberCartCount } from './cartHint';

/**
 * The header's cart badge: only `cart { id productCount }`. Cart.id is stable per session, so every
 * cart mutation that selects `cart { id productCount }` updates this record, and the badge follows
 * without a reload or a second request.
 */
export const CartCountQuery = graphql`
  query cartCountQuery {
    cart {
      id
      productCount
    }
  }
`;

// Asked once per visit: afterwards the mutations' answers keep the store current.
let countRequested = false;

function requestCount(environment: Environment): Subscription | undefined {
  if (countRequested || !hasCartHint(document.cookie)) return undefined;
  countRequested = true;
  return fetchQuery(environment, CartCountQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
    next: (data) => rememberCartCount((data as cartCountQuery$data).cart.productCount),
    // A failed count leaves the badge as it is; the next page load asks again.
    error: () => {
      countRequested = false;
    },
  });
}

/**
 * For changes of the cart that answer no cart (placing an order, logging in or out): the badge shows
 * `productCount` when the caller knows it, and the next header asks the gateway again.
 */
export function cartChangedElsewhere(environment: Environment, productCount?: number): void {
  countRequested = false;
  if (productCount === undefined) return;
  rememberCartCount(productCount);
  commitLocalUpdate(environment, (store) => {
    store.getRoot().getLinkedRecord('cart')?.setValue(productCount, 'productCount');
  });
}

/**
 * The quantity of the cart's product line items, for the header. 0 on the server and during hydration
 * (the HTML stays anonymous and cacheable); read from the gateway after hydration, then from Relay's store.
 */
export function useCartCount(): number {
  const environment = useRelayEnvironment();
  const [count, setCount] = useState(0);
  useEffect(() => {
    const operation = createOperationDescriptor(getRequest(CartCountQuery), {});
    const retain = environment.retain(operation);
    const show = (snapshot: Snapshot) => setCount((snapshot.data as cartCountQuery$data | null)?.cart?.productCount ?? 0);
    const snapshot = environment.lookup(operation.fragment);
    show(snapshot);
    const subscription = environment.subscribe(snapshot, show);
    let request = requestCount(environment);
    return () => {
      subscription.dispose();
      retain.dispose();
      if (request && !request.closed) {
        // Unmounted before the answer (a quick navigation): the next header asks again.
        request.unsubscribe();
        request = undefined;
        countRequested = false;
      }
    };
  }, [environment]);
  return count;
}
