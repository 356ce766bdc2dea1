import type { Pharmacy } from '../operations';

type SwLanguageHeader = { 'sw-language-id'?: string };

/** The place a finder search was read as (store-api postal_code_location). */
export interface PharmacyPlace {
  apiAlias: 'pharmacy_place';
  zipcode: string;
  city: string;
  countryIso: string;
  latitude: number;
  longitude: number;
}

/** A pharmacy as the finder answers it: with its distance from the searched place (km, one decimal). */
export type FoundPharmacy = Pharmacy & { distance?: number };

/** POST /pharmacy sorted by distance (search as a place, or coordinates). */
export interface PharmacyFinderResponse {
  apiAlias: 'pharmacy_list';
  elements: FoundPharmacy[];
  total: number;
  /** the place the search was read as; null for coordinates or when none was found */
  place?: PharmacyPlace | null;
  /** false: the search named no known postal code or town (elements is empty) */
  placeFound?: boolean;
}

/**
 * The shop's own Store API operations of the pharmacy finder, keyed "operationId method /path" like
 * ShopOperations in ../operations.ts (the picker's plain list is 'readPharmacies post /pharmacy' there).
 */
export type PharmacyFinderOperations = {
  /** Pharmacies nearest first: `search` read as a postal code or town with sort 'distance', or coordinates. */
  'findPharmacies post /pharmacy': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: {
      search?: string;
      sort?: 'distance';
      latitude?: number;
      longitude?: number;
      limit?: number;
      clickAndCollect?: boolean;
    };
    response: PharmacyFinderResponse;
    responseCode: 200;
  };
  /** One pharmacy by its page path (without /p/); 404 PHARMACY__NOT_FOUND. */
  'readPharmacyByPath get /pharmacy/{path}': {
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    pathParams: { path: string };
    response: Pharmacy;
    responseCode: 200;
  };
};
