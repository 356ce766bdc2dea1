import { useState } from 'react';
import { useTranslation } from '../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../platform/relay/useShopMutation';
import { CheckoutAlert } from '../ui/CheckoutField';
import { localizedPath, shownPathOf } from '../platform/i18n/locales';
import { useWishlistLogout } from '../features/wishlist';
import type { AccountLayoutLogoutMutation } from './__generated__/AccountLayoutLogoutMutation.graphql';
import { DefaultLayout, type DefaultLayoutProps } from './DefaultLayout';
import styles from './AccountLayout.module.css';

/** The account menu (SPEC §2): logical paths and their texts in account.json `nav`. */
export const ACCOUNT_SECTIONS = [
  { path: '/account', key: 'overview' },
  { path: '/account/profile', key: 'profile' },
  { path: '/account/address', key: 'addresses' },
  { path: '/account/order', key: 'orders' },
  { path: '/account/payment', key: 'payment' },
  { path: '/account/my-vitalcard', key: 'myCard' },
] as const;

/**
 * The account area (SPEC §2): the shop's shell with the account's own menu beside the page, and the
 * logout. Pages in it are guarded by their page query (storefront/features/account/requireLogin.ts): a visitor
 * who is not logged in is sent to /login and comes back after the login.
 */
export function AccountLayout({ children, ...shell }: DefaultLayoutProps) {
  const { t } = useTranslation('account');
  const pageContext = usePageContext();
  const { locale } = pageContext;
  const urlPathname = shownPathOf(pageContext);
  const [alert, setAlert] = useState<string[]>([]);
  const wishlistLogout = useWishlistLogout();
  const [logout, loggingOut] = useShopMutation<AccountLayoutLogoutMutation>(graphql`
    mutation AccountLayoutLogoutMutation {
      logout {
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const leave = async () => {
    setAlert([]);
    const response = await logout({});
    const errors = response ? response.logout.errors : null;
    if (errors === null || errors.length > 0) {
      setAlert(errors?.length ? errors.map((error) => error.message) : [t('errors.unavailable')]);
      return;
    }
    wishlistLogout();
    // A whole page load: the header, the cart and every cached answer belong to the old session.
    window.location.assign(localizedPath('/', locale));
  };
  return (
    <DefaultLayout {...shell}>
      <div className={styles.account}>
        <nav className={styles.menu} aria-label={t('nav.menu')}>
          <ul>
            {ACCOUNT_SECTIONS.map((section) => {
              const href = localizedPath(section.path, locale);
              const current = href === urlPathname || (section.path !== '/account' && urlPathname.startsWith(`${href}/`));
              return (
                <li key={section.key}>
                  <a href={href} aria-current={current ? 'page' : undefined}>
                    {t(`nav.${section.key}`)}
                  </a>
                </li>
              );
            })}
            <li>
              <button type="button" className={styles.logout} onClick={() => void leave()} disabled={loggingOut} aria-busy={loggingOut || undefined} data-testid="account-logout">
                {t('nav.logout')}
              </button>
            </li>
          </ul>
          <CheckoutAlert messages={alert} />
        </nav>
        <div className={styles.content}>{children}</div>
      </div>
    </DefaultLayout>
  );
}
