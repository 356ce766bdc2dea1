import { join, resolve } from 'node:path';

/** The embedded sales channel's access key unless STORE_API_ACCESS_KEY says otherwise. */
export const DEFAULT_ACCESS_KEY = 'SWSCPHARMACYCH0000000000001';

export interface StoreApiConfig {
  dataDir: string;
  databaseFile: string;
  mediaDir: string;
  accessKey: string;
  /** Criteria `limit` above this is refused with 400, as Shopware does for its configured max. */
  maxLimit: number;
  /**
   * FREE_SHIPPING_THRESHOLD_CHF: delivery costs nothing from this position price (CHF incl. VAT, after
   * promotions; the exact amount counts). SPEC §9 gives no amount; the default is CHF 50.
   */
  freeShippingThresholdChf: number;
  /** REGISTRATION_ENABLED=false closes POST /account/register ("Registration is not active!", SPEC §4). Default true. */
  registrationEnabled: boolean;
  /** New accounts confirm their email by a link before they can log in (SPEC §4 Registration). Default true. */
  registrationDoubleOptIn: boolean;
}

export function readStoreApiConfig(env: NodeJS.ProcessEnv = process.env): StoreApiConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    dataDir,
    databaseFile: join(dataDir, 'shop.sqlite'),
    mediaDir: dataDir,
    accessKey: env.STORE_API_ACCESS_KEY || DEFAULT_ACCESS_KEY,
    maxLimit: 500,
    freeShippingThresholdChf: readFreeShippingThreshold(env.FREE_SHIPPING_THRESHOLD_CHF),
    registrationEnabled: env.REGISTRATION_ENABLED !== 'false' && env.REGISTRATION_ENABLED !== '0',
    registrationDoubleOptIn: env.REGISTRATION_DOUBLE_OPT_IN !== 'false' && env.REGISTRATION_DOUBLE_OPT_IN !== '0',
  };
}

/** The shop's default free-shipping threshold in CHF when FREE_SHIPPING_THRESHOLD_CHF is not set. */
export const DEFAULT_FREE_SHIPPING_THRESHOLD_CHF = 50;

/** A non-negative amount in CHF, or the default when unset; anything else stops the start with a clear message. */
function readFreeShippingThreshold(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_FREE_SHIPPING_THRESHOLD_CHF;
  const amount = Number(value.trim());
  if (!Number.isFinite(amount) || amount < 0) {
    throw new Error(`FREE_SHIPPING_THRESHOLD_CHF must be a non-negative amount in CHF (e.g. 50 or 49.90), got "${value}"`);
  }
  return Math.round(amount * 100) / 100;
}
