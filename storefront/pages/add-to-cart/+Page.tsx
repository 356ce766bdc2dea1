import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { addToCartRequest, AddToCartView } from '../../features/cart';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { CheckoutLayout } from '../../shell/CheckoutLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { AddToCartPageQuery as AddToCartPageQueryType } from './__generated__/AddToCartPageQuery.graphql';
import { AddToCartPageQuery } from './AddToCartPage.query';

/** The spinner page of add-to-cart links, in the checkout layout; it leads on to the cart. */
export default function Page() {
  const data = usePageQuery<AddToCartPageQueryType>(AddToCartPageQuery);
  const { t } = useTranslation('cart');
  const { locale, urlParsed } = usePageContext();
  const request = addToCartRequest(urlParsed.search.productId, urlParsed.search.quantity);
  return (
    <CheckoutLayout>
      <PageSeo title={t('addPage.title')} path={localizedPath('/checkout/add-to-cart', locale)} alternates={samePathAlternates('/checkout/add-to-cart')} noIndex />
      <AddToCartView request={request} product={data.product ?? null} />
    </CheckoutLayout>
  );
}
