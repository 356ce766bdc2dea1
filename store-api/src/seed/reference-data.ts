import type { StoreApiConfig } from '../config';
import { stableId } from '../ids';
import {
  COUNTRY_CH_ID,
  COUNTRY_LI_ID,
  CURRENCY_CHF_ID,
  CUSTOMER_GROUP_DEFAULT_ID,
  CUSTOMER_GROUP_PROFESSIONALS_ID,
  DEFAULT_LANGUAGE_ID,
  FOOTER_CATEGORY_ID,
  LANGUAGES,
  ROOT_CATEGORY_ID,
  SALES_CHANNEL_ID,
  SERVICE_CATEGORY_ID,
  TAX_REDUCED_ID,
  TAX_STANDARD_ID,
} from '../known-ids';
import { tr, type TableWriter, type Tr } from './table-writer';

// The shop's fixed reference data: languages, currency, countries, payment and shipping, sortings
// and the sales channel. Everything here is hand-written; only the catalogue is generated.

export const PAYMENT_METHOD_ID = {
  card: stableId('payment_method', 'card'),
  paypal: stableId('payment_method', 'paypal'),
  prepayment: stableId('payment_method', 'prepayment'),
  postcard: stableId('payment_method', 'postcard'),
  twint: stableId('payment_method', 'twint'),
  invoice: stableId('payment_method', 'invoice'),
  applepay: stableId('payment_method', 'applepay'),
} as const;

export const SHIPPING_METHOD_ID = {
  standard: stableId('shipping_method', 'standard'),
  clickCollect: stableId('shipping_method', 'click_collect'),
} as const;

export const DELIVERY_TIME_ID = {
  oneToTwoDays: stableId('delivery_time', '1-2d'),
  twoToThreeDays: stableId('delivery_time', '2-3d'),
  threeToFiveDays: stableId('delivery_time', '3-5d'),
  oneToTwoWeeks: stableId('delivery_time', '1-2w'),
} as const;

export type UnitKey = 'piece' | 'ml' | 'g';
export const UNIT_ID: Record<UnitKey, string> = {
  piece: stableId('unit', 'piece'),
  ml: stableId('unit', 'ml'),
  g: stableId('unit', 'g'),
};

/** The seed's fixed "now": data never depends on the day it was seeded. */
export const SEED_BASE_DATE = Date.UTC(2026, 0, 1);

export function seedDate(daysBefore: number, minutes = 0): string {
  return new Date(SEED_BASE_DATE - daysBefore * 86_400_000 + minutes * 60_000).toISOString();
}

const CANTONS: readonly [string, Tr][] = [
  ['AG', tr('Aargau', 'Argovia', 'Argovie')],
  ['AI', tr('Appenzell Innerrhoden', 'Appenzello Interno', 'Appenzell Rhodes-Intérieures')],
  ['AR', tr('Appenzell Ausserrhoden', 'Appenzello Esterno', 'Appenzell Rhodes-Extérieures')],
  ['BE', tr('Bern', 'Berna', 'Berne')],
  ['BL', tr('Basel-Landschaft', 'Basilea Campagna', 'Bâle-Campagne')],
  ['BS', tr('Basel-Stadt', 'Basilea Città', 'Bâle-Ville')],
  ['FR', tr('Freiburg', 'Friburgo', 'Fribourg')],
  ['GE', tr('Genf', 'Ginevra', 'Genève')],
  ['GL', tr('Glarus', 'Glarona', 'Glaris')],
  ['GR', tr('Graubünden', 'Grigioni', 'Grisons')],
  ['JU', tr('Jura', 'Giura', 'Jura')],
  ['LU', tr('Luzern', 'Lucerna', 'Lucerne')],
  ['NE', tr('Neuenburg', 'Neuchâtel', 'Neuchâtel')],
  ['NW', tr('Nidwalden', 'Nidvaldo', 'Nidwald')],
  ['OW', tr('Obwalden', 'Obvaldo', 'Obwald')],
  ['SG', tr('St. Gallen', 'San Gallo', 'Saint-Gall')],
  ['SH', tr('Schaffhausen', 'Sciaffusa', 'Schaffhouse')],
  ['SO', tr('Solothurn', 'Soletta', 'Soleure')],
  ['SZ', tr('Schwyz', 'Svitto', 'Schwytz')],
  ['TG', tr('Thurgau', 'Turgovia', 'Thurgovie')],
  ['TI', tr('Tessin', 'Ticino', 'Tessin')],
  ['UR', tr('Uri', 'Uri', 'Uri')],
  ['VD', tr('Waadt', 'Vaud', 'Vaud')],
  ['VS', tr('Wallis', 'Vallese', 'Valais')],
  ['ZG', tr('Zug', 'Zugo', 'Zoug')],
  ['ZH', tr('Zürich', 'Zurigo', 'Zurich')],
];

export function cantonStateId(shortCode: string): string {
  return stableId('country_state', `CH-${shortCode}`);
}

export function seedReferenceData(w: TableWriter, config: StoreApiConfig): void {
  LANGUAGES.forEach((language, position) => {
    w.insert('language', {
      id: language.id,
      code: language.code,
      short_code: language.key,
      name: language.name,
      position: position + 1,
    });
  });

  w.insert('currency', {
    id: CURRENCY_CHF_ID, iso_code: 'CHF', symbol: 'CHF', factor: 1, position: 1, is_default: 1,
    item_decimals: 2, item_interval: 0.01,
    // Swiss totals are rounded to 5 Rappen.
    total_decimals: 2, total_interval: 0.05,
  });
  w.translations('currency_translation', { currency_id: CURRENCY_CHF_ID }, (l) => ({
    name: tr('Schweizer Franken', 'Franco svizzero', 'Franc suisse')[l],
    short_name: 'CHF',
  }));

  const countries = [
    { id: COUNTRY_CH_ID, iso: 'CH', iso3: 'CHE', name: tr('Schweiz', 'Svizzera', 'Suisse'), states: true },
    { id: COUNTRY_LI_ID, iso: 'LI', iso3: 'LIE', name: tr('Liechtenstein', 'Liechtenstein', 'Liechtenstein'), states: false },
  ];
  countries.forEach((country, index) => {
    w.insert('country', {
      id: country.id, iso: country.iso, iso3: country.iso3, position: index + 1, active: 1,
      shipping_available: 1, postal_code_required: 1,
      display_state_in_registration: country.states, force_state_in_registration: 0, is_eu: 0,
    });
    w.translations('country_translation', { country_id: country.id }, (l) => ({ name: country.name[l] }));
  });
  CANTONS.forEach(([code, name], index) => {
    const id = cantonStateId(code);
    w.insert('country_state', { id, country_id: COUNTRY_CH_ID, short_code: `CH-${code}`, position: index + 1, active: 1 });
    w.translations('country_state_translation', { country_state_id: id }, (l) => ({ name: name[l] }));
  });

  const salutations: [string, Tr, Tr][] = [
    ['mr', tr('Herr', 'Signor', 'Monsieur'), tr('Sehr geehrter Herr', 'Gentile Signor', 'Cher Monsieur')],
    ['mrs', tr('Frau', 'Signora', 'Madame'), tr('Sehr geehrte Frau', 'Gentile Signora', 'Chère Madame')],
    ['not_specified', tr('Keine Angabe', 'Nessuna indicazione', 'Non précisé'), tr('Guten Tag', 'Buongiorno', 'Bonjour')],
  ];
  salutations.forEach(([key, display, letter], index) => {
    const id = stableId('salutation', key);
    w.insert('salutation', { id, salutation_key: key, position: index + 1 });
    w.translations('salutation_translation', { salutation_id: id }, (l) => ({
      display_name: display[l],
      letter_name: letter[l],
    }));
  });

  // Swiss VAT since 2024: 8.1 % standard, 2.6 % for medicines and food.
  w.insert('tax', { id: TAX_STANDARD_ID, tax_rate: 8.1, name: 'Normalsatz 8.1 %', position: 1 });
  w.insert('tax', { id: TAX_REDUCED_ID, tax_rate: 2.6, name: 'Reduzierter Satz 2.6 %', position: 2 });

  const units: [UnitKey, Tr, Tr][] = [
    ['piece', tr('Stk.', 'pz.', 'pce'), tr('Stück', 'Pezzo', 'Pièce')],
    ['ml', tr('ml', 'ml', 'ml'), tr('Milliliter', 'Millilitro', 'Millilitre')],
    ['g', tr('g', 'g', 'g'), tr('Gramm', 'Grammo', 'Gramme')],
  ];
  for (const [key, shortCode, name] of units) {
    w.insert('unit', { id: UNIT_ID[key] });
    w.translations('unit_translation', { unit_id: UNIT_ID[key] }, (l) => ({ short_code: shortCode[l], name: name[l] }));
  }

  const deliveryTimes: [string, number, number, string, Tr][] = [
    [DELIVERY_TIME_ID.oneToTwoDays, 1, 2, 'day', tr('1-2 Tage', '1-2 giorni', '1-2 jours')],
    [DELIVERY_TIME_ID.twoToThreeDays, 2, 3, 'day', tr('2-3 Tage', '2-3 giorni', '2-3 jours')],
    [DELIVERY_TIME_ID.threeToFiveDays, 3, 5, 'day', tr('3-5 Tage', '3-5 giorni', '3-5 jours')],
    [DELIVERY_TIME_ID.oneToTwoWeeks, 1, 2, 'week', tr('1-2 Wochen', '1-2 settimane', '1-2 semaines')],
  ];
  for (const [id, min, max, unit, name] of deliveryTimes) {
    w.insert('delivery_time', { id, min, max, unit });
    w.translations('delivery_time_translation', { delivery_time_id: id }, (l) => ({ name: name[l] }));
  }

  w.insert('customer_group', { id: CUSTOMER_GROUP_DEFAULT_ID, display_gross: 1 });
  w.translations('customer_group_translation', { customer_group_id: CUSTOMER_GROUP_DEFAULT_ID }, (l) => ({
    name: tr('Standard-Kundengruppe', 'Gruppo clienti standard', 'Groupe de clients standard')[l],
  }));
  // Doctors, therapists and other health professionals request their group on its own registration page.
  w.insert('customer_group', { id: CUSTOMER_GROUP_PROFESSIONALS_ID, display_gross: 1, registration_active: 1, registration_only_company: 0 });
  w.translations('customer_group_translation', { customer_group_id: CUSTOMER_GROUP_PROFESSIONALS_ID }, (l) => ({
    name: tr('Gesundheitsfachpersonen', 'Professionisti della salute', 'Professionnels de la santé')[l],
    registration_title: tr('Registrierung für Gesundheitsfachpersonen', 'Registrazione per professionisti della salute', 'Inscription pour les professionnels de la santé')[l],
    registration_introduction: tr(
      '<p>Für Ärztinnen und Ärzte, Therapeutinnen und Therapeuten sowie Praxen: Nach der Registrierung prüft unser Apothekenteam Ihre Angaben zur Berufsausübung. Bis zur Freischaltung kaufen Sie zu den üblichen Bedingungen ein.</p>',
      '<p>Per medici, terapisti e studi medici: dopo la registrazione il nostro team della farmacia verifica i vostri dati sull’esercizio della professione. Fino all’abilitazione acquistate alle condizioni abituali.</p>',
      '<p>Pour les médecins, thérapeutes et cabinets : après l’inscription, notre équipe de pharmacie vérifie vos données d’exercice professionnel. Jusqu’à l’activation, vous achetez aux conditions habituelles.</p>',
    )[l],
    registration_seo_meta_description: tr(
      'Kundenkonto für Ärztinnen, Ärzte und Therapeuten bei der Online-Apotheke beantragen.',
      'Richiedete un conto cliente per medici e terapisti presso la farmacia online.',
      'Demandez un compte client pour médecins et thérapeutes auprès de la pharmacie en ligne.',
    )[l],
  }));

  const payments: [keyof typeof PAYMENT_METHOD_ID, boolean, Tr, Tr][] = [
    ['card', true, tr('Kreditkarte', 'Carta di credito', 'Carte de crédit'), tr('Visa, Mastercard und American Express', 'Visa, Mastercard e American Express', 'Visa, Mastercard et American Express')],
    ['twint', true, tr('TWINT', 'TWINT', 'TWINT'), tr('Bezahlen mit der TWINT-App', 'Pagare con l’app TWINT', 'Payer avec l’app TWINT')],
    ['postcard', true, tr('PostFinance Card', 'PostFinance Card', 'PostFinance Card'), tr('Bezahlen mit PostFinance', 'Pagare con PostFinance', 'Payer avec PostFinance')],
    ['paypal', true, tr('PayPal', 'PayPal', 'PayPal'), tr('Bezahlen mit Ihrem PayPal-Konto', 'Pagare con il vostro conto PayPal', 'Payer avec votre compte PayPal')],
    ['applepay', true, tr('Apple Pay', 'Apple Pay', 'Apple Pay'), tr('Bezahlen mit Apple Pay', 'Pagare con Apple Pay', 'Payer avec Apple Pay')],
    ['invoice', false, tr('Rechnung', 'Fattura', 'Facture'), tr('Zahlbar innert 10 Tagen', 'Pagabile entro 10 giorni', 'Payable dans les 10 jours')],
    ['prepayment', false, tr('Vorauskasse', 'Pagamento anticipato', 'Paiement anticipé'), tr('Überweisung vor dem Versand', 'Bonifico prima della spedizione', 'Virement avant l’expédition')],
  ];
  payments.forEach(([key, asynchronous, name, description], index) => {
    const id = PAYMENT_METHOD_ID[key];
    w.insert('payment_method', {
      id, technical_name: `payment_${key}`, position: index + 1, active: 1, after_order_enabled: 1, asynchronous,
    });
    w.translations('payment_method_translation', { payment_method_id: id }, (l) => ({
      name: name[l],
      description: description[l],
    }));
  });

  const shippings: [string, string, string, boolean, Tr, Tr, string | null][] = [
    [
      SHIPPING_METHOD_ID.standard, 'shipping_post_standard', DELIVERY_TIME_ID.oneToTwoDays, false,
      tr('Post Standard', 'Posta standard', 'Poste standard'),
      tr('Lieferung mit der Schweizerischen Post', 'Consegna con la Posta Svizzera', 'Livraison par La Poste suisse'),
      'https://service.post.ch/ekp-web/ui/entry/search/%s',
    ],
    [
      SHIPPING_METHOD_ID.clickCollect, 'shipping_click_collect', DELIVERY_TIME_ID.oneToTwoDays, true,
      tr('Click & Collect', 'Click & Collect', 'Click & Collect'),
      tr('Online bestellen, in der Apotheke abholen', 'Ordinare online, ritirare in farmacia', 'Commander en ligne, retirer en pharmacie'),
      null,
    ],
  ];
  shippings.forEach(([id, technicalName, deliveryTimeId, clickAndCollect, name, description, trackingUrl], index) => {
    w.insert('shipping_method', {
      id, technical_name: technicalName, position: index + 1, active: 1, delivery_time_id: deliveryTimeId,
      tax_type: 'auto', click_and_collect: clickAndCollect, tracking_url: trackingUrl,
    });
    w.translations('shipping_method_translation', { shipping_method_id: id }, (l) => ({
      name: name[l],
      description: description[l],
    }));
  });

  // The highest priority is the default sorting of a listing.
  const sortings: [string, number, [string, 'asc' | 'desc'][], Tr][] = [
    ['topseller', 7, [['product.sales', 'desc']], tr('Topseller', 'I più venduti', 'Meilleures ventes')],
    ['price-asc', 6, [['product.cheapestPrice', 'asc']], tr('Preis aufsteigend', 'Prezzo crescente', 'Prix croissant')],
    ['price-desc', 5, [['product.cheapestPrice', 'desc']], tr('Preis absteigend', 'Prezzo decrescente', 'Prix décroissant')],
    ['name-asc', 4, [['product.name', 'asc']], tr('Name A-Z', 'Nome A-Z', 'Nom A-Z')],
    ['name-desc', 3, [['product.name', 'desc']], tr('Name Z-A', 'Nome Z-A', 'Nom Z-A')],
    ['rating', 2, [['product.ratingAverage', 'desc']], tr('Beste Bewertung', 'Migliori recensioni', 'Mieux notés')],
  ];
  for (const [urlKey, priority, fields, label] of sortings) {
    const id = stableId('product_sorting', urlKey);
    w.insert('product_sorting', {
      id, url_key: urlKey, priority, active: 1,
      fields: fields.map(([field, order], i) => ({ field, order, priority: fields.length - i, naturalSorting: 0 })),
    });
    w.translations('product_sorting_translation', { product_sorting_id: id }, (l) => ({ label: label[l] }));
  }

  w.insert('sales_channel', {
    id: SALES_CHANNEL_ID, access_key: config.accessKey, language_id: DEFAULT_LANGUAGE_ID, currency_id: CURRENCY_CHF_ID,
    payment_method_id: PAYMENT_METHOD_ID.card, shipping_method_id: SHIPPING_METHOD_ID.standard, country_id: COUNTRY_CH_ID,
    customer_group_id: CUSTOMER_GROUP_DEFAULT_ID, navigation_category_id: ROOT_CATEGORY_ID,
    footer_category_id: FOOTER_CATEGORY_ID, service_category_id: SERVICE_CATEGORY_ID,
    navigation_category_depth: 3, tax_calculation_type: 'horizontal',
  });
  w.translations('sales_channel_translation', { sales_channel_id: SALES_CHANNEL_ID }, (l) => ({
    name: tr('Apotheke Online', 'Farmacia online', 'Pharmacie en ligne')[l],
  }));
  for (const language of LANGUAGES) {
    w.insert('sales_channel_domain', {
      id: stableId('sales_channel_domain', language.code),
      sales_channel_id: SALES_CHANNEL_ID,
      language_id: language.id,
      url: language.prefix,
    });
  }
}
