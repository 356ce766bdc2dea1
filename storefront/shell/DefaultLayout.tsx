import type { ReactNode } from 'react';
import type { Footer_query$key } from './__generated__/Footer_query.graphql';
import type { Header_query$key } from './__generated__/Header_query.graphql';
import { Breadcrumbs, type BreadcrumbItem } from '../ui/Breadcrumbs';
import { Footer } from './Footer';
import { Header } from './Header';
import type { LanguageAlternate } from './LanguageSwitcher';
import { CartProvider } from '../features/cart';
import { NotificationsProvider } from './Notifications';
import styles from './DefaultLayout.module.css';

/** What every layout with the shop's header needs: the page query (which spreads Header_query and Footer_query). */
export type ShellQueryKey = Header_query$key & Footer_query$key;

export interface DefaultLayoutProps {
  query: ShellQueryKey;
  /** the same page in the other languages, for the language switcher */
  alternates: readonly LanguageAlternate[];
  breadcrumbs?: readonly BreadcrumbItem[];
  children: ReactNode;
}

/** The shop's usual page: header with menus, breadcrumbs, the page, the footer; notifications over it. */
export function DefaultLayout({ query, alternates, breadcrumbs = [], children }: DefaultLayoutProps) {
  return (
    <NotificationsProvider>
      <CartProvider>
        <Header query={query} alternates={alternates} />
        <main id="main-content" className={`page-width ${styles.main}`} tabIndex={-1}>
          <Breadcrumbs items={breadcrumbs} />
          {children}
        </main>
        <Footer query={query} />
      </CartProvider>
    </NotificationsProvider>
  );
}
