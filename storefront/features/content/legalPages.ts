import type { ContentPage } from '../../platform/i18n/contentPages';

/** The six legal and service pages (SPEC §2 content pages), in the order the pages link to each other. */
export const LEGAL_PAGES = ['shipping', 'returns', 'guarantee', 'terms', 'privacy', 'imprint'] as const satisfies readonly ContentPage[];
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** What a section shows besides its text (the page view renders these from code, not from the texts). */
export type LegalSectionExtra = 'shippingExamples' | 'collectionCosts' | 'paymentMethods' | 'cookies' | 'retention' | 'companies' | 'contact' | 'prescriptionAddress' | 'operatorNotes';

export interface LegalSection {
  /** the key under legal.<page>.sections and the heading's anchor id */
  id: string;
  extra?: LegalSectionExtra;
  /** other pages this section refers to (rendered as links after the text) */
  links?: readonly ContentPage[];
}

/** Each page's sections in order; their texts are legal.<page>.sections.<id>.{heading, paragraphs, items}. */
export const LEGAL_SECTIONS: Readonly<Record<LegalPage, readonly LegalSection[]>> = {
  shipping: [
    { id: 'costs', extra: 'shippingExamples' },
    { id: 'free' },
    { id: 'times' },
    { id: 'prescriptions', links: ['medications'] },
    { id: 'click-and-collect' },
    { id: 'area', links: ['returns', 'terms'] },
  ],
  returns: [
    { id: 'period' },
    { id: 'conditions' },
    { id: 'exclusions' },
    { id: 'procedure', extra: 'contact' },
    { id: 'costs' },
    { id: 'refund', links: ['guarantee', 'terms'] },
  ],
  guarantee: [
    { id: 'statutory' },
    { id: 'defects' },
    { id: 'claim', extra: 'contact' },
    { id: 'remedies' },
    { id: 'manufacturer' },
    { id: 'exclusions', links: ['returns', 'terms'] },
  ],
  terms: [
    { id: 'scope' },
    { id: 'contract' },
    { id: 'prices' },
    { id: 'payment', extra: 'paymentMethods' },
    { id: 'default', extra: 'collectionCosts' },
    { id: 'delivery', links: ['shipping'] },
    { id: 'returns', links: ['returns'] },
    { id: 'warranty', links: ['guarantee'] },
    { id: 'liability' },
    { id: 'privacy', links: ['privacy'] },
    { id: 'law' },
  ],
  privacy: [
    { id: 'controller', extra: 'contact' },
    { id: 'data' },
    { id: 'purposes' },
    { id: 'cookies', extra: 'cookies' },
    { id: 'recipients' },
    { id: 'retention', extra: 'retention' },
    { id: 'security' },
    { id: 'rights' },
    { id: 'changes', links: ['terms', 'imprint'] },
  ],
  imprint: [
    { id: 'operators', extra: 'companies' },
    { id: 'pharmacy' },
    { id: 'contact', extra: 'contact' },
    { id: 'prescriptions', extra: 'prescriptionAddress' },
    { id: 'notes', extra: 'operatorNotes' },
    { id: 'liability', links: ['privacy', 'terms'] },
  ],
};

/** The cookies the shop sets (SPEC §3, §7, §9), listed on the privacy page. */
export const SHOP_COOKIES = [
  { name: 'i18n_redirected', purpose: 'language', days: 365 },
  { name: 'sw-context-token', purpose: 'session', days: 365 },
  { name: 'sw-language-id', purpose: 'languageId', days: 365 },
  { name: 'cookie_consent', purpose: 'consent', days: 365 },
] as const;

/** SPEC §9 Retention, shown on the privacy page: the key under legal.privacy.retention and the period. */
export const RETENTION_PERIODS = [
  { key: 'guest', years: 2, months: null, days: null },
  { key: 'inactiveAccount', years: 5, months: null, days: null },
  { key: 'accounting', years: 10, months: null, days: null },
  { key: 'analytics', years: null, months: 38, days: null },
  { key: 'adCookie', years: null, months: null, days: 30 },
] as const;

/** SPEC §9: changes to the privacy notice are announced this many days before they apply. */
export const PRIVACY_CHANGE_NOTICE_DAYS = 30;

/** SPEC §9 Payment methods, in the order the terms list them (keys under legal.terms.paymentMethods). */
export const PAYMENT_METHODS = ['card', 'paypal', 'prepayment', 'postcard', 'twint', 'invoice', 'applePay'] as const;

/** SPEC §9 Invoice. */
export const INVOICE_TERMS = { paymentDays: 10, defaultInterestPercent: 5, reminderFeeChf: 25 } as const;
