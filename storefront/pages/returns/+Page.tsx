import { LegalPageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { ReturnsPageQuery as ReturnsPageQueryType } from './__generated__/ReturnsPageQuery.graphql';
import { ReturnsPageQuery } from './ReturnsPage.query';

export default function Page() {
  const data = usePageQuery<ReturnsPageQueryType>(ReturnsPageQuery);
  return <LegalPageLayout page="returns" query={data} />;
}
