import { LegalPageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { PrivacyPageQuery as PrivacyPageQueryType } from './__generated__/PrivacyPageQuery.graphql';
import { PrivacyPageQuery } from './PrivacyPage.query';

export default function Page() {
  const data = usePageQuery<PrivacyPageQueryType>(PrivacyPageQuery);
  return <LegalPageLayout page="privacy" query={data} />;
}
