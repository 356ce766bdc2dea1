import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { useRelayEnvironment } from 'react-relay/hooks';
import { useNotifications } from '../../shell/Notifications';
import type * as CartActionsModule from './CartProvider.actions';
import type { CartChange, CartNotice } from './CartProvider.actions';

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

type CartActions = typeof CartActionsModule;

// The mutations, their rules and the conflict dialog are a chunk of their own, fetched on the first add
// (most page views never add): the product page ships less JavaScript (issue 4 item 8).
let actionsLoading: Promise<CartActions> | undefined;
function loadCartActions(): Promise<CartActions> {
  actionsLoading ??= import('./CartProvider.actions').catch((error: unknown) => {
    actionsLoading = undefined; // a failed download (offline a moment) is tried again on the next add
    throw error;
  });
  return actionsLoading;
}

interface PendingConflict {
  item: CartAddition;
  resolve(result: CartAddResult): void;
  dialog: CartActions['FulfilmentConflictDialog'];
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

  const showCartNotices = useCallback(
    (notices: readonly CartNotice[]) => {
      for (const notice of notices) notify(notice);
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
        const actions = await loadCartActions();
        const answer: CartChange = await actions.replaceCart(
          environment,
          { productId: pending.item.productId, quantity: pending.item.quantity },
          cartPagesShown.current > 0,
        );
        if (answer.outcome.kind === 'changed') {
          notify({ type: 'success', message: t('added.replaced', { name: pending.item.name, count: pending.item.quantity }) });
          showCartNotices(answer.notices);
          pending.resolve({ status: 'replaced' });
        } else {
          pending.resolve(failed(answer.outcome.message));
        }
      } catch {
        pending.resolve(failed());
      } finally {
        setReplacing(false);
        setConflict(null);
      }
    },
    [environment, failed, notify, showCartNotices, t],
  );

  const cart = useMemo<ShopCart>(
    () => ({
      async add(item) {
        const key = item.productId;
        if (inFlight.current.has(key)) return { status: 'cancelled' };
        inFlight.current.add(key);
        try {
          const actions = await loadCartActions();
          const answer = await actions.addToCart(environment, { productId: item.productId, quantity: item.quantity }, cartPagesShown.current > 0);
          const { outcome } = answer;
          if (outcome.kind === 'conflict') {
            return await new Promise<CartAddResult>((resolve) => setConflict({ item, resolve, dialog: actions.FulfilmentConflictDialog }));
          }
          if (outcome.kind === 'refused') return failed(outcome.message);
          notify({ type: 'success', message: t('added.success', { name: item.name, count: item.quantity }) });
          showCartNotices(answer.notices);
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
    [environment, failed, notify, showCartNotices, t],
  );

  return (
    <CartContext.Provider value={cart}>
      {children}
      {conflict && (
        <conflict.dialog
          productName={conflict.item.name}
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
