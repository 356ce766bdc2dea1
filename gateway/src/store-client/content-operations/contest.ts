type SwLanguageHeader = { 'sw-language-id'?: string };

/** The shop's current contest (store-api/src/domain/contest.ts); question and answer texts are the storefront's. */
export interface StoreContest {
  apiAlias: 'shop_contest';
  /** e.g. 'advent-2026' */
  key: string;
  /** the id of the question (its text is in the storefront's "contest" texts) */
  questionId: string;
  /** the ids of the answer options, in the order shown */
  answerIds: string[];
  /** SPEC §9: a CHF 250 gift card */
  prize: { kind: 'giftCard'; amount: number; currency: 'CHF' };
  /** ISO date-time: entries are refused after it (CONTEST_ENDS_AT) */
  endsAt: string;
  open: boolean;
}

/** POST /contest/entry: one entry per email and contest. */
export interface StoreContestEntry {
  firstName: string;
  lastName: string;
  email: string;
  answerId: string;
  /** the participation conditions: must be true */
  acceptTerms: true;
  /** starts the newsletter's double opt-in */
  newsletter?: boolean;
  /** the storefront URL (with language prefix) the newsletter confirmation link starts with */
  storefrontUrl?: string;
}

/**
 * The shop's own Store API operations of this area, keyed "operationId method /path" like ShopOperations
 * in ../operations.ts.
 */
export type ContestOperations = {
  /** The current contest. */
  'readContest post /contest': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body?: Record<string, never>;
    response: StoreContest;
    responseCode: 200;
  };
  /**
   * Enters the current contest; 400 violations, 409 CONTEST__ALREADY_ENTERED (same email, any letter case),
   * 410 CONTEST__CLOSED after the closing date, 429 over the per-address limit.
   */
  'enterContest post /contest/entry': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: StoreContestEntry;
    response: { success: true; contestKey: string; newsletter: boolean; apiAlias: 'shop_contest_entry' };
    responseCode: 200;
  };
};
