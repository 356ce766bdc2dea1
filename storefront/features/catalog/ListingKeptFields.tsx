import { listingKeptFields } from '../catalog/listingUrl';
import { useListingUrl } from '../catalog/useListingUrl';

/**
 * Inside a listing's GET form: the rest of the listing as hidden fields (the search term, the other form's choices),
 * so that submitting it without scripts changes only what the form shows.
 */
export function ListingKeptFields({ ownKeys }: { ownKeys: readonly string[] }) {
  const { currentUrl } = useListingUrl();
  return (
    <>
      {listingKeptFields(currentUrl, ownKeys).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Where a listing's GET form is sent: the page itself, with its language prefix. */
export function useListingFormAction(): string {
  const { currentUrl } = useListingUrl();
  return new URL(currentUrl, 'http://shop.invalid').pathname;
}
