import { graphql } from 'react-relay/hooks';
import type { Environment } from 'relay-runtime';
import { FulfilmentConflictDialog } from './FulfilmentConflictDialog';
import type { CartProviderAddToCartMutation } from './__generated__/CartProviderAddToCartMutation.graphql';
import type { CartProviderReplaceCartMutation } from './__generated__/CartProviderReplaceCartMutation.graphql';
import { cartChangeOutcome, notificationTypeOf, RESOLVED_AT_CHECKOUT, type CartChangeOutcome } from './cartRules';
import { commitCartMutation } from './commitCartMutation';

/**
 * What "add to cart" runs, loaded on the first add (CartProvider imports this module dynamically): the two
 * cart mutations, their answer rules and the replace-or-cancel dialog. Pages that are only looked at never
 * download it (issue 4 item 8: at most 200 KB gzip of JavaScript on the product page). The module is named
 * CartProvider.actions so Relay keeps the operation names CartProvider…Mutation (persisted ids, the
 * no-JavaScript forms of server/cartForms.ts name them).
 */

// The answer selects what the header badge and the notifications need; on the cart page (adding a
// recommendation) also everything the page shows, so its lines and totals follow at once.
const addToCartMutation = graphql`
  mutation CartProviderAddToCartMutation($input: AddToCartInput!, $withCartPage: Boolean = false) {
    addToCart(input: $input) {
      cart {
        id
        productCount
        ...CartPageView_cart @include(if: $withCartPage) @alias(as: "cartPage")
        errors {
          key
          messageKey
          level
          message
        }
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

const replaceCartMutation = graphql`
  mutation CartProviderReplaceCartMutation($input: AddToCartInput!, $withCartPage: Boolean = false) {
    replaceCart(input: $input) {
      cart {
        id
        productCount
        ...CartPageView_cart @include(if: $withCartPage) @alias(as: "cartPage")
        errors {
          key
          messageKey
          level
          message
        }
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

/** A notice of the cart (stock, price change …) as a notification. */
export interface CartNotice {
  type: 'info' | 'warning' | 'danger';
  message: string;
  persistent: boolean;
}

export interface CartChange {
  outcome: CartChangeOutcome;
  notices: CartNotice[];
}

function change(
  payload: Parameters<typeof cartChangeOutcome>[0] & { cart?: { errors?: ReadonlyArray<{ level: Parameters<typeof notificationTypeOf>[0]; messageKey: string; message: string }> } | null },
): CartChange {
  return {
    outcome: cartChangeOutcome(payload),
    // A pickup item's missing pharmacy is chosen in the cart or the checkout: no alarm that stays over the header.
    notices: (payload?.cart?.errors ?? [])
      .filter((error) => !RESOLVED_AT_CHECKOUT.has(error.messageKey))
      .map((error) => ({ type: notificationTypeOf(error.level), message: error.message, persistent: error.level === 'ERROR' })),
  };
}

/** addToCart; rejects with CartRequestFailed when the request as a whole failed. */
export async function addToCart(environment: Environment, input: { productId: string; quantity: number }, withCartPage: boolean): Promise<CartChange> {
  const answer = await commitCartMutation<CartProviderAddToCartMutation>(environment, addToCartMutation, { input, withCartPage }, 'addToCart');
  return change(answer.addToCart);
}

/** replaceCart (the shopper chose to replace the cart on a fulfilment conflict). */
export async function replaceCart(environment: Environment, input: { productId: string; quantity: number }, withCartPage: boolean): Promise<CartChange> {
  const answer = await commitCartMutation<CartProviderReplaceCartMutation>(environment, replaceCartMutation, { input, withCartPage }, 'replaceCart');
  return change(answer.replaceCart);
}

export { FulfilmentConflictDialog };
