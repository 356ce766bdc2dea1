// The shop's operating companies and contact data as the legal pages publish them (SPEC §1: a pharmacy
// chain and a health-and-life company). Names, addresses and numbers are proper names: not translated.

export interface OperatingCompany {
  key: 'pharmacyChain' | 'healthAndLife';
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** Swiss enterprise identification number (UID) */
  uid: string;
  /** the commercial register's canton, as a key of legal.imprint.register */
  registerCanton: 'zurich' | 'geneva';
}

export const OPERATING_COMPANIES: readonly OperatingCompany[] = [
  { key: 'pharmacyChain', name: 'Edelweiss Apotheken AG', street: 'Bahnhofstrasse 12', postalCode: '8001', city: 'Zürich', uid: 'CHE-112.457.893', registerCanton: 'zurich' },
  { key: 'healthAndLife', name: 'Edelweiss Gesundheit & Leben AG', street: 'Rue du Rhône 30', postalCode: '1204', city: 'Genève', uid: 'CHE-245.318.706', registerCanton: 'geneva' },
];

/** Where prescriptions are sent by post (SPEC §4 prescription delivery). */
export const PRESCRIPTION_POSTAL_ADDRESS = ['Edelweiss Apotheken AG', 'Rezeptservice', 'Postfach', '8021 Zürich'] as const;

/** Customer service: free phone number and e-mail. */
export const CUSTOMER_SERVICE = {
  phone: '0800 100 200',
  phoneHref: 'tel:+41800100200',
  email: 'service@edelweiss-apotheke.ch',
  privacyEmail: 'datenschutz@edelweiss-apotheke.ch',
} as const;

/** The pharmacist responsible for the online pharmacy (the mail-order licence names her). */
export const RESPONSIBLE_PHARMACIST = 'Dr. pharm. Andrea Keller';
