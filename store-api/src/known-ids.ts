import { stableId } from './ids';

// Ids that code (not only data) refers to. The seed creates these rows; everything else the seed
// creates gets ids from stableId() too, so the same catalogue has the same ids on every machine.

export type LanguageKey = 'de' | 'it' | 'fr';

export const LANGUAGES: readonly { key: LanguageKey; code: string; name: string; id: string; prefix: string }[] = [
  { key: 'de', code: 'de-CH', name: 'Deutsch', id: stableId('language', 'de-CH'), prefix: '' },
  { key: 'it', code: 'it-CH', name: 'Italiano', id: stableId('language', 'it-CH'), prefix: '/it' },
  { key: 'fr', code: 'fr-CH', name: 'Français', id: stableId('language', 'fr-CH'), prefix: '/fr' },
];

export const LANGUAGE_ID: Record<LanguageKey, string> = {
  de: LANGUAGES[0]!.id,
  it: LANGUAGES[1]!.id,
  fr: LANGUAGES[2]!.id,
};

/** German is the shop's default and fallback language. */
export const DEFAULT_LANGUAGE_ID = LANGUAGE_ID.de;

export const SALES_CHANNEL_ID = stableId('sales_channel', 'storefront');
export const CURRENCY_CHF_ID = stableId('currency', 'CHF');
export const COUNTRY_CH_ID = stableId('country', 'CH');
export const COUNTRY_LI_ID = stableId('country', 'LI');
export const CUSTOMER_GROUP_DEFAULT_ID = stableId('customer_group', 'default');
/** Health professionals (doctors, therapists): the group with a registration page of its own. */
export const CUSTOMER_GROUP_PROFESSIONALS_ID = stableId('customer_group', 'professionals');
export const ROOT_CATEGORY_ID = stableId('category', 'root');
export const FOOTER_CATEGORY_ID = stableId('category', 'footer');
export const SERVICE_CATEGORY_ID = stableId('category', 'service');
export const TAX_STANDARD_ID = stableId('tax', 'standard');
export const TAX_REDUCED_ID = stableId('tax', 'reduced');
