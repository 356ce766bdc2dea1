import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { leadToOwnAddress } from '../../platform/seo/ownAddress';
import type { EditorialPageQuery$data } from './__generated__/EditorialPageQuery.graphql';
import { EditorialPageQuery } from './EditorialPage.query';

export default definePageQuery({
  query: EditorialPageQuery,
  // The path without the language prefix; the language comes from the page.
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale], path: pageContext.urlPathname }),
  statusOf: (data, pageContext) => {
    const article = (data as EditorialPageQuery$data).article;
    // another language's slug finds the article too: it leads on to the article's own address (ADR 0028)
    leadToOwnAddress(pageContext, article?.url);
    return article ? 200 : 404;
  },
});
