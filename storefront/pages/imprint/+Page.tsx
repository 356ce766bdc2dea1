import { LegalPageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { ImprintPageQuery as ImprintPageQueryType } from './__generated__/ImprintPageQuery.graphql';
import { ImprintPageQuery } from './ImprintPage.query';

export default function Page() {
  const data = usePageQuery<ImprintPageQueryType>(ImprintPageQuery);
  return <LegalPageLayout page="imprint" query={data} />;
}
