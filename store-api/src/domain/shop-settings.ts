import type { Db } from '../db/connection';
import { prepared } from '../entities/system';
import type { LanguageKey } from '../known-ids';

// The operator's settings in Shopware's system_config table (migration 9, issue 19): who the shop is in its mails
// (the brand per language) and who bills (the operating company, its UID/VAT number and QR-IBAN). Seeded with the
// Edelweiss pharmacy chain of the imprint; an operator changes the rows, a re-seed of the catalogue keeps them.

/** One setting's JSON value, or undefined when the row is missing or not JSON. */
function setting(db: Db, key: string): unknown {
  const row = prepared(db, 'SELECT configuration_value FROM system_config WHERE configuration_key = ?').get(key) as { configuration_value: string } | undefined;
  if (!row) return undefined;
  try {
    return JSON.parse(row.configuration_value) as unknown;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

export interface BillingCompany {
  companyName: string;
  street: string;
  buildingNumber: string;
  zipcode: string;
  city: string;
  /** ISO 3166 alpha-2 */
  country: string;
  /** UID with the VAT suffix, e.g. CHE-112.457.893 MWST */
  vatId: string;
  /** the creditor account of QR-bills: a QR-IBAN, since the reference is a QR reference */
  qrIban: string;
}

/** The operating company that bills (system_config, seeded with the pharmacy chain of the imprint). */
export function billingCompany(db: Db): BillingCompany {
  const billing = (name: keyof BillingCompany) => text(setting(db, `PharmacyShop.billing.${name}`));
  return {
    companyName: billing('companyName'),
    street: billing('street'),
    buildingNumber: billing('buildingNumber'),
    zipcode: billing('zipcode'),
    city: billing('city'),
    country: billing('country') || 'CH',
    vatId: billing('vatId'),
    qrIban: billing('qrIban').replace(/\s+/g, ''),
  };
}

/** The shop's name in a language (Edelweiss Apotheke · Farmacia Edelweiss · Pharmacie Edelweiss). */
export function shopBrand(db: Db, language: LanguageKey): string {
  const names = setting(db, 'PharmacyShop.brand.shopName');
  return names && typeof names === 'object' ? text((names as Record<string, unknown>)[language]) : '';
}

export interface ReviewSettings {
  /** core.listing.showReview (Shopware's switch): customers may write reviews. Default true. */
  active: boolean;
  /** PharmacyShop.reviews.moderated: a new or changed review stays hidden until approved (npm run reviews). Default true. */
  moderated: boolean;
}

/** Whether reviews are open and whether they wait for approval (system_config; a missing row is the default). */
export function reviewSettings(db: Db): ReviewSettings {
  return { active: setting(db, 'core.listing.showReview') !== false, moderated: setting(db, 'PharmacyShop.reviews.moderated') !== false };
}
