import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { createOperationDescriptor, fetchQuery, getRequest, type Disposable } from 'relay-runtime';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import { hasResettableFilters } from '../catalog/listingUrl';
import { useListingUrl } from '../catalog/useListingUrl';
import { GRAPH_LOCALE, isShopLocale } from '../../platform/i18n/locales';
import { ListingFilters } from './ListingFilters';
import { ListingPagination } from './ListingPagination';
import { ListingResetLink } from './ListingResetLink';
import { ListingSorting } from './ListingSorting';
import { ProductCard } from './ProductCard';
import styles from './ProductListingView.module.css';
import type { ProductCard_product$key } from './__generated__/ProductCard_product.graphql';
import type { ProductListingView_listing$key } from './__generated__/ProductListingView_listing.graphql';
import type { ProductListingViewCategoryPageQuery as CategoryPageQuery } from './__generated__/ProductListingViewCategoryPageQuery.graphql';
import type { ProductListingViewSearchPageQuery as SearchPageQuery } from './__generated__/ProductListingViewSearchPageQuery.graphql';

/** Where a listing's next pages come from: a category's listing (narrowed to brands: a brand page) or a search. */
export type ListingSource = { categoryId: string; brandIds?: string[] } | { term: string };

interface ProductListingViewProps {
  listing: ProductListingView_listing$key;
  /** Where "load more" reads the next page; without it the listing shows its page links only. */
  source?: ListingSource | null;
  /** False when the page shows the filters elsewhere (a CMS sidebar-filter slot). */
  showFilters?: boolean;
  showSorting?: boolean;
}

// The next page of a listing, read in the browser when the shopper asks for more (SPEC §4: load more
// appends and increments the page). Its own small query, not the page's: the page stays as it is.
const categoryPageQuery = graphql`
  query ProductListingViewCategoryPageQuery($categoryId: ID!, $filters: ListingFilterInput, $sort: String, $page: Int!, $limit: Int, $locale: Locale) {
    listing(categoryId: $categoryId, filters: $filters, sort: $sort, page: $page, limit: $limit, locale: $locale) {
      page
      nodes {
        id
        ...ProductCard_product
      }
    }
  }
`;
const searchPageQuery = graphql`
  query ProductListingViewSearchPageQuery($term: String!, $filters: ListingFilterInput, $sort: String, $page: Int!, $limit: Int, $locale: Locale) {
    search(term: $term, filters: $filters, sort: $sort, page: $page, limit: $limit, locale: $locale) {
      page
      nodes {
        id
        ...ProductCard_product
      }
    }
  }
`;

interface MorePage {
  page: number;
  nodes: readonly ({ readonly id: string } & ProductCard_product$key)[];
}

/** Cards of the first page that are above the fold on a phone and a desktop. */
const EAGER_CARDS = 4;

/**
 * A listing (category, search, bestsellers): total, sorting, filters, the grid of product cards,
 * page links and "load more". Filters, sorting and page live in the URL (see listingUrl.ts).
 */
export function ProductListingView({ listing, source = null, showFilters = true, showSorting = true }: ProductListingViewProps) {
  const { t, i18n } = useTranslation('catalog');
  const environment = useRelayEnvironment();
  const gridHeadingId = useId();
  const { currentUrl, params } = useListingUrl();
  const data = useFragment(
    graphql`
      fragment ProductListingView_listing on ProductListing {
        total
        page
        limit
        sorting
        pageInfo {
          hasNextPage
        }
        nodes {
          id
          ...ProductCard_product
        }
        ...ListingFilters_listing
        ...ListingSorting_listing
        ...ListingPagination_listing
      }
    `,
    listing,
  );

  // Pages appended by "load more", for the URL they were loaded on (a new URL is a new listing).
  const [more, setMore] = useState<{ url: string; pages: MorePage[] }>({ url: currentUrl, pages: [] });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // fetchQuery does not keep its data: each appended page is retained until the listing goes away.
  const retained = useRef<Disposable[]>([]);
  useEffect(() => {
    const disposables = retained.current;
    return () => {
      for (const d of disposables.splice(0)) d.dispose();
    };
  }, [currentUrl]);

  const pages = more.url === currentUrl ? more.pages : [];
  const lastShownPage = pages.length ? pages[pages.length - 1]!.page : data.page;
  const lastPage = Math.ceil(data.total / Math.max(1, data.limit));
  const canLoadMore = source !== null && lastShownPage < lastPage;
  const shown = data.nodes.length + pages.reduce((n, p) => n + p.nodes.length, 0);

  const loadMore = useCallback(async () => {
    if (!source) return;
    setLoading(true);
    setFailed(false);
    const locale = GRAPH_LOCALE[isShopLocale(i18n.language) ? i18n.language : 'de'];
    const common = { filters: params.filters, sort: data.sorting ?? params.sort, page: lastShownPage + 1, limit: data.limit, locale };
    try {
      let page: MorePage | null;
      if ('categoryId' in source) {
        const filters = source.brandIds ? { ...common.filters, brandIds: source.brandIds } : common.filters;
        const variables: CategoryPageQuery['variables'] = { ...common, filters, categoryId: source.categoryId };
        const result = await fetchQuery<CategoryPageQuery>(environment, categoryPageQuery, variables).toPromise();
        retained.current.push(environment.retain(createOperationDescriptor(getRequest(categoryPageQuery), variables)));
        page = result ? { page: result.listing.page, nodes: result.listing.nodes } : null;
      } else {
        const variables: SearchPageQuery['variables'] = { ...common, term: source.term };
        const result = await fetchQuery<SearchPageQuery>(environment, searchPageQuery, variables).toPromise();
        retained.current.push(environment.retain(createOperationDescriptor(getRequest(searchPageQuery), variables)));
        page = result ? { page: result.search.page, nodes: result.search.nodes } : null;
      }
      if (page) {
        const loaded = page;
        setMore((prev) => ({ url: currentUrl, pages: [...(prev.url === currentUrl ? prev.pages : []), loaded] }));
      }
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [source, i18n.language, params, data.sorting, data.limit, lastShownPage, environment, currentUrl]);

  const results = (
    <div className={styles.results}>
      <div className={styles.toolbar}>
        <p className={styles.total} role="status">
          {t('listing.total', { count: data.total })}
        </p>
        {showSorting && <ListingSorting listing={data} />}
      </div>
      {data.total === 0 ? (
        <div className={styles.empty}>
          <p>{t('listing.empty')}</p>
          {hasResettableFilters(params.filters) && <ListingResetLink className={styles.button} />}
        </div>
      ) : (
        <>
          <h2 id={gridHeadingId} className="visually-hidden">
            {t('listing.products')}
          </h2>
          <ul className={styles.grid} aria-labelledby={gridHeadingId}>
            {data.nodes.map((node, index) => (
              <li key={node.id}>
                <ProductCard product={node} eager={index < EAGER_CARDS} />
              </li>
            ))}
            {pages.flatMap((p) =>
              p.nodes.map((node) => (
                <li key={`${p.page}-${node.id}`}>
                  <ProductCard product={node} />
                </li>
              )),
            )}
          </ul>
          <p className={styles.shown} aria-live="polite">
            {t('listing.shown', { shown, total: data.total })}
          </p>
          {canLoadMore && (
            <div className={styles.more}>
              <button type="button" className={styles.button} onClick={() => void loadMore()} disabled={loading} aria-busy={loading}>
                {loading ? t('listing.loading') : t('listing.loadMore')}
              </button>
              {failed && <p role="alert">{t('listing.loadMoreFailed')}</p>}
            </div>
          )}
          <ListingPagination listing={data} lastShownPage={lastShownPage} />
        </>
      )}
    </div>
  );

  if (!showFilters) return results;
  return (
    <div className={styles.layout}>
      <aside className={styles.filters}>
        <ListingFilters listing={data} />
      </aside>
      {results}
    </div>
  );
}
