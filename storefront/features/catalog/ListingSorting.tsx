import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { LISTING_KEYS } from '../catalog/listingUrl';
import { useChoicesMadeBeforeHydration, useListingUrl } from '../catalog/useListingUrl';
import { ListingKeptFields, useListingFormAction } from './ListingKeptFields';
import styles from './ListingSorting.module.css';
import type { ListingSorting_listing$key } from './__generated__/ListingSorting_listing.graphql';

interface ListingSortingProps {
  listing: ListingSorting_listing$key;
}

const OWN_KEYS = [LISTING_KEYS.sort];

/**
 * The sort order of a listing, from the shop's available sortings; a change navigates to the new URL. It is a GET
 * form of the listing's page, with a button of its own where scripts do not run (the filters travel along hidden).
 */
export function ListingSorting({ listing }: ListingSortingProps) {
  const { t } = useTranslation('catalog');
  const { change } = useListingUrl();
  const action = useListingFormAction();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useChoicesMadeBeforeHydration(formRef);
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
    <form
      ref={formRef}
      data-listing-form=""
      className={styles.sorting}
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        change({ sort: value || null });
      }}
    >
      <ListingKeptFields ownKeys={OWN_KEYS} />
      <label htmlFor={id}>{t('sorting.label')}</label>
      <select
        id={id}
        name={LISTING_KEYS.sort}
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
      {/* With scripts a choice applies at once. */}
      <noscript>
        <button type="submit" className={styles.apply}>
          {t('sorting.apply')}
        </button>
      </noscript>
    </form>
  );
}
