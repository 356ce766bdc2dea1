import { LegalPageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { ShippingPageQuery as ShippingPageQueryType } from './__generated__/ShippingPageQuery.graphql';
import { ShippingPageQuery } from './ShippingPage.query';

export default function Page() {
  const data = usePageQuery<ShippingPageQueryType>(ShippingPageQuery);
  return <LegalPageLayout page="shipping" query={data} />;
}
