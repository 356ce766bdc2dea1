import type { ReactNode } from 'react';
import { useTranslation } from '../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { CartProvider } from '../features/cart';
import { NotificationsProvider } from './Notifications';
import { ShopLogo } from './ShopLogo';
import { localizedPath } from '../platform/i18n/locales';
import styles from './CheckoutLayout.module.css';

/**
 * Checkout (SPEC §2): a quiet page without menus or footer links that lead away from the order — the
 * logo (back to the shop) and the page.
 */
export function CheckoutLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { locale } = usePageContext();
  return (
    <NotificationsProvider>
      <CartProvider>
        <header className={styles.header}>
          <div className="page-width">
            <a href={localizedPath('/', locale)} aria-label={t('backToHome')}>
              <ShopLogo />
            </a>
          </div>
        </header>
        <main id="main-content" className={`page-width ${styles.main}`} tabIndex={-1}>
          {children}
        </main>
      </CartProvider>
    </NotificationsProvider>
  );
}
