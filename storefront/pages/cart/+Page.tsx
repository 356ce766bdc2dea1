import { useEffect } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { useRelayEnvironment } from 'react-relay/hooks';
import { fetchQuery } from 'relay-runtime';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { cartRedirectNotice, CartPageView } from '../../features/cart';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { CheckoutLayout } from '../../shell/CheckoutLayout';
import type { PageQueryData } from '../../platform/relay/pageQuery';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { CartPageQuery as CartPageQueryType } from './__generated__/CartPageQuery.graphql';
import { CartPageQuery } from './CartPage.query';

/** /checkout/cart in the checkout layout: personal, so not for search engines. */
export default function Page() {
  const data = usePageQuery<CartPageQueryType>(CartPageQuery);
  const { t } = useTranslation('cart');
  const { locale, urlParsed } = usePageContext();
  useFreshCart();
  return (
    <CheckoutLayout>
      <PageSeo title={t('page.title')} path={localizedPath('/checkout/cart', locale)} alternates={samePathAlternates('/checkout/cart')} noIndex />
      <CartPageView cart={data.cart} query={data} notice={cartRedirectNotice(urlParsed.search)} loggedIn={data.viewer?.loggedIn === true} />
    </CheckoutLayout>
  );
}

/**
 * A client navigation back to the cart finds its data in Relay's store (the page data hook then fetches
 * nothing); the cart may have changed since (another tab, an add elsewhere that answered only the count),
 * so it is read once more in the background and the page follows.
 */
function useFreshCart(): void {
  const { response, variables } = useData<PageQueryData>();
  const environment = useRelayEnvironment();
  useEffect(() => {
    if (response !== null) return;
    const request = fetchQuery(environment, CartPageQuery, variables, { fetchPolicy: 'network-only' }).subscribe({});
    return () => request.unsubscribe();
  }, [environment, response, variables]);
}
