import { useId, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { useListingUrl } from '../catalog/useListingUrl';
import styles from './ListingSorting.module.css';
import type { ListingSorting_listing$key } from './__generated__/ListingSorting_listing.graphql';

interface ListingSortingProps {
  listing: ListingSorting_listing$key;
}

/** The sort order of a listing, from the shop's available sortings; a change navigates to the new URL. */
export function ListingSorting({ listing }: ListingSortingProps) {
  const { t } = useTranslation('catalog');
  const { change } = useListingUrl();
  const id = useId();
  const data = useFragment(
    graphql`
      fragment ListingSorting_listing on ProductListing {
        sorting
        availableSortings {
          key
          label
        }
      }
    `,
    listing,
  );
  // The chosen sorting shows at once, while the listing for the new URL loads.
  const [chosen, setChosen] = useState<{ base: string | null; value: string } | null>(null);
  const value = chosen && chosen.base === (data.sorting ?? null) ? chosen.value : (data.sorting ?? '');
  if (data.availableSortings.length < 2) return null;
  return (
    <div className={styles.sorting}>
      <label htmlFor={id}>{t('sorting.label')}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          setChosen({ base: data.sorting ?? null, value: e.target.value });
          change({ sort: e.target.value || null });
        }}
      >
        {data.sorting == null && <option value="">{t('sorting.default')}</option>}
        {data.availableSortings.map((s) => (
          <option key={s.key} value={s.key}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}
