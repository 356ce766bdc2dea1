import { LegalPageLayout } from '../../components/LegalPageLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import type { ImprintPageQuery as ImprintPageQueryType } from './__generated__/ImprintPageQuery.graphql';
import { ImprintPageQuery } from './ImprintPage.query';

export default function Page() {
  const data = usePageQuery<ImprintPageQueryType>(ImprintPageQuery);
  return <LegalPageLayout page="imprint" query={data} />;
}
