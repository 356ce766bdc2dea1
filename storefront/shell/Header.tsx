import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { useCartCount } from '../features/cart';
import { localizedPath, splitLocalePath } from '../platform/i18n/locales';
import { useWishlistCount } from '../features/wishlist';
import type { Header_query$key } from './__generated__/Header_query.graphql';
import { HeaderEntry } from './HeaderEntry';
import { LanguageSwitcher, type LanguageAlternate } from './LanguageSwitcher';
import { ShellIcon } from '../ui/ShellIcon';
import { ShopLogo } from './ShopLogo';
import { SideMenu } from './SideMenu';
import { StoreSearch } from './StoreSearch';
import { TopNavigation } from './TopNavigation';
import styles from './Header.module.css';

const fragment = graphql`
  fragment Header_query on Query @argumentDefinitions(locale: { type: "Locale" }) {
    navigation(depth: 2, root: MAIN, locale: $locale) {
      ...TopNavigation_categories
      ...SideMenu_categories
    }
  }
`;

interface HeaderProps {
  query: Header_query$key;
  /** The same page in each language (the page's SEO alternates), for the language switcher. */
  alternates: readonly LanguageAlternate[];
}

/** The shop's header: logo, search, account, wishlist and cart, languages, and the catalogue menus. */
export function Header({ query, alternates }: HeaderProps) {
  const { navigation } = useFragment(fragment, query);
  const { t } = useTranslation('shell');
  const { locale, urlPathname, urlParsed } = usePageContext();
  const wishlistCount = useWishlistCount();
  const cartCount = useCartCount();
  const onSearchPage = splitLocalePath(urlPathname).logicalPath === '/search';
  const searchTerm = onSearchPage ? (urlParsed.search.search ?? '') : '';

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <SideMenu categories={navigation} />
        <a className={styles.home} href={localizedPath('/', locale)} aria-label={t('header.home', { shop: t('shopName') })}>
          <ShopLogo />
        </a>
        <StoreSearch key={`${locale}:${searchTerm}`} locale={locale} initialTerm={searchTerm} />
        <nav className={styles.entries} aria-label={t('header.shortcuts')}>
          <HeaderEntry href={localizedPath('/account', locale)} label={t('header.account')} icon={<ShellIcon name="account" />} />
          <HeaderEntry
            href={localizedPath('/wishlist', locale)}
            label={t('header.wishlist')}
            accessibleName={t('header.wishlistCount', { count: wishlistCount })}
            icon={<ShellIcon name="wishlist" />}
            count={wishlistCount}
          />
          <HeaderEntry
            href={localizedPath('/checkout/cart', locale)}
            label={t('header.cart')}
            accessibleName={t('header.cartCount', { count: cartCount })}
            icon={<ShellIcon name="cart" />}
            count={cartCount}
          />
        </nav>
        <LanguageSwitcher alternates={alternates} locale={locale} />
      </div>
      <TopNavigation categories={navigation} />
    </header>
  );
}
