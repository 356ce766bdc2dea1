import { ArticlePageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { TopicPageQuery as TopicPageQueryType } from './__generated__/TopicPageQuery.graphql';
import { TopicPageQuery } from './TopicPage.query';

export default function Page() {
  const data = usePageQuery<TopicPageQueryType>(TopicPageQuery);
  return <ArticlePageLayout query={data} article={data.article} />;
}
