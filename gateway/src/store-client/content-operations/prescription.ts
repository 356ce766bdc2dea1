type SwLanguageHeader = { 'sw-language-id'?: string };

/** The personal fields of both prescription services (store-api/src/domain/prescriptions.ts). */
export interface StorePrescriptionPerson {
  salutationId?: string;
  /** at least 3 characters (SPEC §5) */
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD */
  birthday?: string;
  street?: string;
  /** 4 digits */
  zipcode?: string;
  city?: string;
  /** 'CH' | 'LI' */
  country?: string;
  /** at most 2000 characters */
  comment?: string;
}

/** The stored request (both services). */
export interface StorePrescriptionRequest {
  apiAlias: 'prescription_request';
  id: string;
  /** e.g. R50001 */
  requestNumber: string;
  kind: 'delivery' | 'pickup';
  /** YYYY-MM-DD (pickup) */
  pickupDate: string | null;
  pharmacyId: string | null;
  createdAt: string;
}

/**
 * The shop's own Store API operations of this area, keyed "operationId method /path" like ShopOperations
 * in ../operations.ts.
 */
export type PrescriptionOperations = {
  /**
   * Home delivery of prescription medicines: the shopper posts the original prescription afterwards; 400
   * violations (source.pointer per field), 429 over the per-address limit (10 per hour).
   */
  'requestPrescriptionDelivery post /prescription/delivery': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: StorePrescriptionPerson & { street: string; zipcode: string; city: string; country: string };
    response: StorePrescriptionRequest;
    responseCode: 200;
  };
  /**
   * Prescription pickup (multipart/form-data): the person's fields, pharmacyId, pickupDate (YYYY-MM-DD, next
   * working day … 30 days, not Sunday) and the files `insuranceCard` (1) and `prescriptions[]` (1–5), PDF or PNG
   * by content, ≤ 5 MB each. 400 PRESCRIPTION__FILE_TYPE_NOT_ALLOWED / __FILE_TOO_LARGE / __FILE_REQUIRED /
   * __PICKUP_DATE_INVALID / __PHARMACY_NOT_FOUND (source.pointer), 413 over the request limit, 429 over 10 per hour.
   */
  'requestPrescriptionPickup post /prescription/pickup': {
    contentType?: 'multipart/form-data';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: FormData;
    response: StorePrescriptionRequest;
    responseCode: 200;
  };
};
