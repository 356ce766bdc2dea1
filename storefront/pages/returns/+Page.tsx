import { LegalPageLayout } from '../../components/LegalPageLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import type { ReturnsPageQuery as ReturnsPageQueryType } from './__generated__/ReturnsPageQuery.graphql';
import { ReturnsPageQuery } from './ReturnsPage.query';

export default function Page() {
  const data = usePageQuery<ReturnsPageQueryType>(ReturnsPageQuery);
  return <LegalPageLayout page="returns" query={data} />;
}
