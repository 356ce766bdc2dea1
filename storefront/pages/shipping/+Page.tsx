import { LegalPageLayout } from '../../components/LegalPageLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import type { ShippingPageQuery as ShippingPageQueryType } from './__generated__/ShippingPageQuery.graphql';
import { ShippingPageQuery } from './ShippingPage.query';

export default function Page() {
  const data = usePageQuery<ShippingPageQueryType>(ShippingPageQuery);
  return <LegalPageLayout page="shipping" query={data} />;
}
