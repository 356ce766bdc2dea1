import { ArticlePageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { EditorialPageQuery as EditorialPageQueryType } from './__generated__/EditorialPageQuery.graphql';
import { EditorialPageQuery } from './EditorialPage.query';

export default function Page() {
  const data = usePageQuery<EditorialPageQueryType>(EditorialPageQuery);
  return <ArticlePageLayout query={data} article={data.article} />;
}
