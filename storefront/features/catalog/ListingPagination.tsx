import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { paginationPages } from '../catalog/listingUrl';
import { useListingUrl } from '../catalog/useListingUrl';
import styles from './ListingPagination.module.css';
import type { ListingPagination_listing$key } from './__generated__/ListingPagination_listing.graphql';

interface ListingPaginationProps {
  listing: ListingPagination_listing$key;
  /** The last page shown, when "load more" appended pages after the listing's own. */
  lastShownPage?: number;
}

/** Page links of a listing: real links (they work without JavaScript and crawlers follow them). */
export function ListingPagination({ listing, lastShownPage }: ListingPaginationProps) {
  const { t } = useTranslation('catalog');
  const { hrefFor } = useListingUrl();
  const data = useFragment(
    graphql`
      fragment ListingPagination_listing on ProductListing {
        page
        limit
        total
      }
    `,
    listing,
  );
  const last = Math.max(1, Math.ceil(data.total / Math.max(1, data.limit)));
  if (last <= 1) return null;
  const current = lastShownPage ?? data.page;
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <ul>
        {current > 1 && (
          <li>
            <a href={hrefFor({ page: current - 1 })} rel="prev">
              {t('pagination.previous')}
            </a>
          </li>
        )}
        {paginationPages(current, last).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <a href={hrefFor({ page: p })} aria-current={p >= data.page && p <= current ? 'page' : undefined} aria-label={t('pagination.page', { page: p })}>
                {p}
              </a>
            </li>
          ),
        )}
        {current < last && (
          <li>
            <a href={hrefFor({ page: current + 1 })} rel="next">
              {t('pagination.next')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
