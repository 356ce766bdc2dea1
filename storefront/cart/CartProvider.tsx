import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useRelayEnvironment } from 'react-relay/hooks';
import { FulfilmentConflictDialog } from '../components/FulfilmentConflictDialog';
import { useNotifications } from '../components/Notifications';
import type { CartProviderAddToCartMutation } from './__generated__/CartProviderAddToCartMutation.graphql';
import type { CartProviderReplaceCartMutation } from './__generated__/CartProviderReplaceCartMutation.graphql';
import { cartChangeOutcome, notificationTypeOf, type CartErrorLevel } from './cartRules';
import { commitCartMutation } from './commitCartMutation';

export interface CartAddition {
  productId: string;
  /** the product's name, for the shopper's confirmation */
  name: string;
  quantity: number;
}

/** How an add ended, for callers that go on (the add-to-cart page leads to the cart). */
export type CartAddResult = { status: 'added' | 'replaced' | 'cancelled' } | { status: 'failed'; message: string };

export interface ShopCart {
  add(item: CartAddition): Promise<CartAddResult>;
  /** The cart page is shown (until the returned function is called): adds answer the whole page's cart. */
  showingCartPage(): () => void;
}

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

interface PendingConflict {
  item: CartAddition;
  message: string;
  resolve(result: CartAddResult): void;
}

const CartContext = createContext<ShopCart | null>(null);

/**
 * The shop's "add to cart" for every page of a layout: runs addToCart, tells the shopper (success,
 * the cart's notices, refusals), and on FULFILMENT_CONFLICT asks "replace the cart or cancel" in a
 * modal, then runs replaceCart. Inside the NotificationsProvider (the layouts nest it there).
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const environment = useRelayEnvironment();
  const { notify } = useNotifications();
  const { t } = useTranslation('cart');
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const [replacing, setReplacing] = useState(false);
  // One add at a time per button press; a double click does not add twice.
  const inFlight = useRef(new Set<string>());
  const cartPagesShown = useRef(0);

  const showCartErrors = useCallback(
    (errors: ReadonlyArray<{ readonly key: string; readonly level: CartErrorLevel; readonly message: string }> | undefined) => {
      for (const error of errors ?? []) notify({ type: notificationTypeOf(error.level), message: error.message, persistent: error.level === 'ERROR' });
    },
    [notify],
  );

  const failed = useCallback(
    (message?: string): CartAddResult => {
      const shown = message ?? t('errors.generic');
      notify({ type: 'danger', message: shown });
      return { status: 'failed', message: shown };
    },
    [notify, t],
  );

  const replace = useCallback(
    async (pending: PendingConflict) => {
      setReplacing(true);
      try {
        const answer = await commitCartMutation<CartProviderReplaceCartMutation>(
          environment,
          replaceCartMutation,
          { input: { productId: pending.item.productId, quantity: pending.item.quantity }, withCartPage: cartPagesShown.current > 0 },
          'replaceCart',
        );
        const outcome = cartChangeOutcome(answer.replaceCart);
        if (outcome.kind === 'changed') {
          notify({ type: 'success', message: t('added.replaced', { name: pending.item.name, count: pending.item.quantity }) });
          showCartErrors(answer.replaceCart.cart?.errors);
          pending.resolve({ status: 'replaced' });
        } else {
          pending.resolve(failed(outcome.message));
        }
      } catch {
        pending.resolve(failed());
      } finally {
        setReplacing(false);
        setConflict(null);
      }
    },
    [environment, failed, notify, showCartErrors, t],
  );

  const cart = useMemo<ShopCart>(
    () => ({
      async add(item) {
        const key = item.productId;
        if (inFlight.current.has(key)) return { status: 'cancelled' };
        inFlight.current.add(key);
        try {
          const answer = await commitCartMutation<CartProviderAddToCartMutation>(
            environment,
            addToCartMutation,
            { input: { productId: item.productId, quantity: item.quantity }, withCartPage: cartPagesShown.current > 0 },
            'addToCart',
          );
          const outcome = cartChangeOutcome(answer.addToCart);
          if (outcome.kind === 'conflict') {
            return await new Promise<CartAddResult>((resolve) => setConflict({ item, message: outcome.message, resolve }));
          }
          if (outcome.kind === 'refused') return failed(outcome.message);
          notify({ type: 'success', message: t('added.success', { name: item.name, count: item.quantity }) });
          showCartErrors(answer.addToCart.cart?.errors);
          return { status: 'added' };
        } catch {
          return failed();
        } finally {
          inFlight.current.delete(key);
        }
      },
      showingCartPage() {
        cartPagesShown.current += 1;
        return () => {
          cartPagesShown.current -= 1;
        };
      },
    }),
    [environment, failed, notify, showCartErrors, t],
  );

  return (
    <CartContext.Provider value={cart}>
      {children}
      {conflict && (
        <FulfilmentConflictDialog
          productName={conflict.item.name}
          message={conflict.message}
          busy={replacing}
          onReplace={() => void replace(conflict)}
          onCancel={() => {
            conflict.resolve({ status: 'cancelled' });
            setConflict(null);
          }}
        />
      )}
    </CartContext.Provider>
  );
}

const outsideProvider: ShopCart = {
  add() {
    return Promise.reject(new Error('useCart() needs a <CartProvider> around the page (the layouts provide it)'));
  },
  showingCartPage: () => () => {},
};

/** "Add to cart" for any component under a layout. Rendering without a provider works (server tests); adding does not. */
export function useCart(): ShopCart {
  return useContext(CartContext) ?? outsideProvider;
}
