import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { hasResettableFilters, LISTING_FILTER_KEYS, LISTING_KEYS, type ListingChange } from '../catalog/listingUrl';
import { useChoicesMadeBeforeHydration, useListingUrl } from '../catalog/useListingUrl';
import { ListingKeptFields, useListingFormAction } from './ListingKeptFields';
import { ListingPriceFilter } from './ListingPriceFilter';
import { ListingResetLink } from './ListingResetLink';
import styles from './ListingFilters.module.css';
import type { ListingFilters_listing$key } from './__generated__/ListingFilters_listing.graphql';

interface ListingFiltersProps {
  listing: ListingFilters_listing$key;
}

/**
 * The filter panel of a listing (SPEC §2): brands, price span, properties by group, minimum rating and
 * free shipping. Each change navigates to the listing's new URL; the page's query reads it from there.
 * It is a GET form of the listing's page: without scripts its boxes are ticked and sent with "Anwenden" (or the
 * price's button), and the server leads the plain form's URL on to the enhanced one (listingRequest.ts).
 */
export function ListingFilters({ listing }: ListingFiltersProps) {
  const { t } = useTranslation('catalog');
  const { change, params, submit } = useListingUrl();
  const action = useListingFormAction();
  const formRef = useRef<HTMLFormElement>(null);
  useChoicesMadeBeforeHydration(formRef);
  const data = useFragment(
    graphql`
      fragment ListingFilters_listing on ProductListing {
        currentFilters {
          brandIds
          propertyIds
          minRating
          shippingFree
          price {
            min
            max
          }
        }
        filters {
          brands {
            brand {
              brandId
              name
            }
          }
          maxRating
          price {
            min
            max
          }
          properties {
            group {
              id
              name
            }
            options {
              id
              name
            }
          }
          shippingFreeAvailable
        }
      }
    `,
    listing,
  );
  const current = data.currentFilters;
  // On phones and tablets the panel folds away behind a button, so the products come first.
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const headingId = useId();
  // A ticked box shows ticked at once, while the listing for the new URL loads; the answer replaces it.
  const [optimistic, setOptimistic] = useState<{ base: object; values: Record<string, boolean> }>({ base: current, values: {} });
  const pending = optimistic.base === current ? optimistic.values : {};
  const apply = (key: string, value: boolean, listingChange: ListingChange) => {
    setOptimistic({ base: current, values: { ...pending, [key]: value } });
    change(listingChange);
  };
  const chosenBrands = new Set(current.brandIds);
  const chosenProperties = new Set(current.propertyIds);
  const brandChecked = (id: string) => pending[`brand:${id}`] ?? chosenBrands.has(id);
  const propertyChecked = (id: string) => pending[`property:${id}`] ?? chosenProperties.has(id);
  const ratingChecked = (stars: number | null) => pending[`rating:${stars}`] ?? (pending['rating:any-set'] ? false : (current.minRating ?? null) === stars);
  const shippingFreeChecked = pending.shippingFree ?? current.shippingFree;
  const chooseRating = (stars: number | null) => {
    setOptimistic({ base: current, values: { ...pending, 'rating:any-set': true, [`rating:${stars}`]: true } });
    change({ rating: stars });
  };
  // Chosen options stay listed even when the filtered products no longer carry them, so they can be unticked.
  const brands = data.filters.brands.map((b) => b.brand);
  const maxRating = Math.max(data.filters.maxRating ?? 0, current.minRating ?? 0);
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-open={open || undefined}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {t('filters.heading')}
        </h2>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? t('filters.hide') : t('filters.show')}
        </button>
      </div>
      <form
        ref={formRef}
        data-listing-form=""
        id={bodyId}
        className={styles.body}
        method="get"
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          submit(event.currentTarget);
        }}
      >
        <ListingKeptFields ownKeys={LISTING_FILTER_KEYS} />
        {hasResettableFilters(params.filters) && <ListingResetLink className={styles.reset} />}

        {brands.length > 0 && (
          <details className={styles.group} open>
            <summary>{t('filters.brand')}</summary>
            <fieldset className={styles.options}>
              <legend className="visually-hidden">{t('filters.brand')}</legend>
              {brands.map((brand) => (
                <label key={brand.brandId} className={styles.option}>
                  <input
                    type="checkbox"
                    name={LISTING_KEYS.brands}
                    value={brand.brandId}
                    checked={brandChecked(brand.brandId)}
                    onChange={() => apply(`brand:${brand.brandId}`, !brandChecked(brand.brandId), { toggleBrand: brand.brandId })}
                  />
                  {brand.name}
                </label>
              ))}
            </fieldset>
          </details>
        )}

        <ListingPriceFilter
          key={`${current.price.min ?? ''}-${current.price.max ?? ''}`}
          min={current.price.min}
          max={current.price.max}
          boundMin={data.filters.price.min}
          boundMax={data.filters.price.max}
        />

        {data.filters.properties.map((group) => {
          const anyChosen = group.options.some((o) => chosenProperties.has(o.id));
          return (
            <details key={group.group.id} className={styles.group} open={anyChosen || undefined}>
              <summary>{group.group.name}</summary>
              <fieldset className={styles.options}>
                <legend className="visually-hidden">{group.group.name}</legend>
                {group.options.map((option) => (
                  <label key={option.id} className={styles.option}>
                    <input
                      type="checkbox"
                      name={LISTING_KEYS.properties}
                      value={option.id}
                      checked={propertyChecked(option.id)}
                      onChange={() => apply(`property:${option.id}`, !propertyChecked(option.id), { toggleProperty: option.id })}
                    />
                    {option.name}
                  </label>
                ))}
              </fieldset>
            </details>
          );
        })}

        {maxRating > 0 && (
          <fieldset className={styles.group}>
            <legend>{t('filters.rating')}</legend>
            <label className={styles.option}>
              <input type="radio" name={LISTING_KEYS.rating} value="" checked={ratingChecked(null)} onChange={() => chooseRating(null)} />
              {t('filters.anyRating')}
            </label>
            {Array.from({ length: maxRating }, (_, i) => maxRating - i).map((stars) => (
              <label key={stars} className={styles.option}>
                <input type="radio" name={LISTING_KEYS.rating} value={stars} checked={ratingChecked(stars)} onChange={() => chooseRating(stars)} />
                {t('filters.minRating', { count: stars })}
              </label>
            ))}
          </fieldset>
        )}

        {(data.filters.shippingFreeAvailable || current.shippingFree) && (
          <div className={styles.group}>
            <label className={styles.option}>
              <input type="checkbox" name={LISTING_KEYS.shippingFree} value="1" checked={shippingFreeChecked} onChange={() => apply('shippingFree', !shippingFreeChecked, { shippingFree: !shippingFreeChecked })} />
              {t('filters.shippingFree')}
            </label>
          </div>
        )}
        {/* With scripts each box applies at once; without, they are sent together. */}
        <noscript>
          <button type="submit" className={styles.apply}>
            {t('filters.apply')}
          </button>
        </noscript>
      </form>
    </section>
  );
}
