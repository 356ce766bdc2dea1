import { contentPageOf } from '../../platform/i18n/contentPages';
import type { ShopLocale } from '../../platform/i18n/locales';
import { INSURER_PAGE_PATHS } from '../../platform/navigation/insurerPaths';
import type { OperatingCompany } from './company';

// The imprint (legal.json imprint.sections.notes): "the footer names the operator of each area of the shop". The
// pharmacy chain dispenses medicines, so it runs the medicines area — ordering medications and prescriptions, the
// pharmacies, the insurer's medication discounts; the health-and-life company runs the rest of the assortment.

export type ShopOperator = OperatingCompany['key'];

/** The operator of the page at a logical path (without the language prefix) in a language. */
export function operatorOfPage(logicalPath: string, locale: ShopLocale): ShopOperator {
  const path = logicalPath.toLowerCase();
  const pharmacyArea =
    contentPageOf(path, locale) === 'medications' ||
    path === INSURER_PAGE_PATHS[locale] ||
    path === '/pharmacy-map' ||
    path.startsWith('/p/');
  return pharmacyArea ? 'pharmacyChain' : 'healthAndLife';
}
