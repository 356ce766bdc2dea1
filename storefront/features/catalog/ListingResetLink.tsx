import { useTranslation } from '../../platform/i18n/useTranslation';
import { useListingUrl } from '../catalog/useListingUrl';

/** "Filter zurücksetzen": a link to the listing without its filters, followed in place once the page is hydrated. */
export function ListingResetLink({ className }: { className: string | undefined }) {
  const { t } = useTranslation('catalog');
  const { change, hrefFor } = useListingUrl();
  return (
    <a
      className={className}
      href={hrefFor({ reset: true })}
      onClick={(event) => {
        event.preventDefault();
        change({ reset: true });
      }}
    >
      {t('filters.reset')}
    </a>
  );
}
