import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { ComingSoonView } from '../../components/ComingSoonView';
import { PageSeo } from '../../components/PageSeo';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { CheckoutLayout } from '../../layouts/CheckoutLayout';

/** Checkout in its quiet layout; it has no page query yet (the cart comes with the checkout issue). */
export default function Page() {
  const { t } = useTranslation('common');
  const { locale, urlPathname } = usePageContext();
  const title = t('pages.checkout');
  return (
    <CheckoutLayout>
      <PageSeo title={title} path={localizedPath(urlPathname, locale)} alternates={samePathAlternates(urlPathname)} noIndex />
      <ComingSoonView title={title} />
    </CheckoutLayout>
  );
}
