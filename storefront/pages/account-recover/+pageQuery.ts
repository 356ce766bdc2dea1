import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { AccountRecoverPageQuery } from './AccountRecoverPage.query';

export default definePageQuery({
  query: AccountRecoverPageQuery,
  variables: (pageContext) => ({ hash: (pageContext.urlParsed.search.hash ?? '').slice(0, 200) }),
});
