import { LegalPageLayout } from '../../features/content';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { GuaranteePageQuery as GuaranteePageQueryType } from './__generated__/GuaranteePageQuery.graphql';
import { GuaranteePageQuery } from './GuaranteePage.query';

export default function Page() {
  const data = usePageQuery<GuaranteePageQueryType>(GuaranteePageQuery);
  return <LegalPageLayout page="guarantee" query={data} />;
}
