import { listingParamsOfPage } from '../../features/catalog';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { BrandPageQuery$data } from './__generated__/BrandPageQuery.graphql';
import { BrandPageQuery } from './BrandPage.query';

/** The slug of /b/{slug}, lower-cased; the gateway answers null (→ 404) for one that is no brand's. */
function brandSlugOf(urlPathname: string): string {
  const raw = urlPathname.replace(/^\/b\//i, '').replace(/\/+$/, '');
  try {
    return decodeURIComponent(raw).toLowerCase() || '-';
  } catch {
    return '-'; // a malformed %-escape is no brand's slug
  }
}

export default definePageQuery({
  query: BrandPageQuery,
  variables: (pageContext) => {
    const { filters, sort, page } = listingParamsOfPage(pageContext);
    return { locale: GRAPH_LOCALE[pageContext.locale], slug: brandSlugOf(pageContext.urlPathname), filters, sort, page };
  },
  statusOf: (data) => ((data as BrandPageQuery$data).brand ? 200 : 404),
});
