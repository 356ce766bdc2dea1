import { LegalPageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { TermsPageQuery as TermsPageQueryType } from './__generated__/TermsPageQuery.graphql';
import { TermsPageQuery } from './TermsPage.query';

export default function Page() {
  const data = usePageQuery<TermsPageQueryType>(TermsPageQuery);
  return <LegalPageLayout page="terms" query={data} />;
}
