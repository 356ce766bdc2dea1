type SwLanguageHeader = { 'sw-language-id'?: string };

/** The logged-in customer's insurer status (store-api/src/domain/insurer.ts). */
export interface StoreInsurerStatus {
  apiAlias: 'insurer_status';
  /** the insurance number was verified (the customer is in an insured customer group) */
  verified: boolean;
  /** member of the multi-medication plan (higher discounts) */
  multiMedicationPlan: boolean;
  /** only the last four digits shown, e.g. "••••••••••••••••1234" */
  maskedNumber: string | null;
  verifiedAt: string | null;
  /** the one-time CHF 20 welcome voucher can still be used */
  voucherAvailable: boolean;
  /** the voucher's code while available */
  voucherCode: string | null;
}

/** The insured customer's discount on a medicine: Store API product `extensions.insurerDiscount`, cart line `payload.insurerDiscount`. */
export interface StoreInsurerDiscount {
  percentage: number;
  kind: 'generic' | 'original';
}

/**
 * The shop's own Store API operations of this area, keyed "operationId method /path" like ShopOperations
 * in ../operations.ts.
 */
export type InsurerOperations = {
  /** The logged-in customer's status; 403 without a login. */
  'readInsurerStatus post /insurer': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body?: Record<string, never>;
    response: StoreInsurerStatus;
    responseCode: 200;
  };
  /**
   * Verifies an insurance number (card format and the insurer's member directory) and makes the customer insured;
   * 400 INSURER__NUMBER_INVALID, 403 without a login, 429 after 10 attempts an hour.
   */
  'verifyInsurance post /insurer/verify': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { insuranceNumber: string };
    response: StoreInsurerStatus;
    responseCode: 200;
  };
};
