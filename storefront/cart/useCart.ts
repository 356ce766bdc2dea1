import { useTranslation } from 'react-i18next';
import { useNotifications } from '../components/Notifications';

export interface CartAddition {
  productId: string;
  /** the product's name, for the shopper's confirmation */
  name: string;
  quantity: number;
}

export interface ShopCart {
  add(item: CartAddition): void;
}

/**
 * The seam for "add to cart". The cart issue (5) replaces the body with the cart mutation; until then
 * nothing is faked: the shopper is told, in an info notification, that the cart is coming soon.
 */
export function useCart(): ShopCart {
  const { notify } = useNotifications();
  const { t } = useTranslation('product');
  return {
    add({ name, quantity }) {
      notify({ type: 'info', message: t('cart.comingSoon', { name, quantity }) });
    },
  };
}
