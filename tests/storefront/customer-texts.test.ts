import { describe, expect, it } from 'vitest';
import { loginRedirectPath, requireLogin } from '../../storefront/features/account/requireLogin';
import { NAMESPACES, createShopI18n } from '../../storefront/platform/i18n';
import de from '../../storefront/platform/i18n/de/customer.json';
import fr from '../../storefront/platform/i18n/fr/customer.json';
import it_ from '../../storefront/platform/i18n/it/customer.json';
import { checkApplication, looksLikeCardNumber, normalizeCardNumber } from '../../storefront/features/account/loyaltyForm';
import { CUSTOMER_HINT_COOKIE, customerHintCookie, hasCustomerHint } from '../../storefront/features/wishlist/customerHint';
import { textLanguageProblems } from './text-languages';

type Texts = { [key: string]: string | Texts };
const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));
const values = (texts: Texts): string[] => Object.values(texts).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the customer texts (orders, VitalCard, newsletter pages, wishlist) in de, it, fr', () => {
  it('has the same keys in every language, none empty', () => {
    expect(keys(it_).sort()).toEqual(keys(de).sort());
    expect(keys(fr).sort()).toEqual(keys(de).sort());
    for (const texts of [de, it_, fr]) for (const text of values(texts)) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders in every language', () => {
    const flat = (texts: Texts) => Object.fromEntries(keys(texts).map((key) => [key, key.split('.').reduce<Texts | string>((node, part) => (node as Texts)[part]!, texts) as string]));
    const [deFlat, itFlat, frFlat] = [flat(de), flat(it_), flat(fr)];
    for (const key of Object.keys(deFlat)) {
      expect(placeholders(itFlat[key]!), `it ${key}`).toEqual(placeholders(deFlat[key]!));
      expect(placeholders(frFlat[key]!), `fr ${key}`).toEqual(placeholders(deFlat[key]!));
    }
  });

  it('writes Swiss German (no ß) and uses the SPEC wording', () => {
    expect(values(de).join(' ')).not.toContain('ß');
    expect(de.errors.generic).toBe('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
    expect(de.loyalty.invalidCardNumber).toBe('Die Kartennummer ist ungültig');
  });

  it('is registered as the "customer" namespace, with plurals per language', () => {
    expect(NAMESPACES).toContain('customer');
    const deI18n = createShopI18n('de');
    expect(deI18n.t('customer:loyalty.missing', { count: 1, points: '1', voucher: 'CHF 5.00' })).toBe('Noch 1 Punkt bis zum nächsten CHF 5.00-Gutschein.');
    expect(deI18n.t('customer:loyalty.missing', { count: 300, points: '300', voucher: 'CHF 5.00' })).toBe('Noch 300 Punkte bis zum nächsten CHF 5.00-Gutschein.');
    expect(createShopI18n('fr').t('customer:orders.count', { count: 2 })).toBe('2 commandes');
    expect(createShopI18n('it').t('shell:wishlistHeart.addNamed', { name: 'Aspirin' })).toBe('Aggiungi Aspirin alla lista dei desideri');
  });

  it('writes every text in its own language: none swapped between it and fr, none left in German', () => {
    expect(textLanguageProblems({ de, it: it_, fr })).toEqual([]);
  });
});

describe('the VitalCard forms (SPEC §3 application fields, §5 rules)', () => {
  it('takes a card number with spaces or dashes as its 13 digits', () => {
    expect(normalizeCardNumber('2990 0000 0001-9')).toBe('2990000000019');
    expect(looksLikeCardNumber('2990 0000 0001 9')).toBe(true);
    expect(looksLikeCardNumber('299000000001')).toBe(false);
    expect(looksLikeCardNumber('29900000000A9')).toBe(false);
  });

  it('checks every application field: required, names of 3, a 4-digit postal code, an email', () => {
    const ok = { firstName: 'Vreni', lastName: 'Vitalis', birthday: '1980-02-29', street: 'Marktgasse 5', zipcode: '3011', city: 'Bern', email: 'vreni@example.ch' };
    expect(checkApplication(ok)).toEqual({});
    expect(checkApplication({ ...ok, zipcode: '301' })).toEqual({ zipcode: 'postalCode' });
    expect(checkApplication({ ...ok, firstName: 'Vr', email: 'vreni@', birthday: '', city: ' ' })).toEqual({
      firstName: 'minLength',
      email: 'email',
      birthday: 'required',
      city: 'required',
    });
  });
});

describe('the account guard (SPEC §2: account screens need a login, and lead back after it)', () => {
  const page = (urlOriginal: string, locale: 'de' | 'it' | 'fr') => ({ urlOriginal, locale }) as Parameters<typeof requireLogin>[1];

  it('sends a visitor who is not logged in to the login of the page language, with the page to come back to', () => {
    expect(loginRedirectPath(page('/fr/account/order?page=2', 'fr'))).toBe('/fr/login?redirect=%2Ffr%2Faccount%2Forder%3Fpage%3D2');
    for (const viewer of [null, undefined, { loggedIn: false }]) {
      expect(() => requireLogin(viewer, page('/account/my-vitalcard', 'de'))).toThrow();
    }
    expect(() => requireLogin({ loggedIn: true }, page('/account/my-vitalcard', 'de'))).not.toThrow();
  });

});

describe('the logged-in hint cookie of the wishlist', () => {
  it('is a readable one-year cookie while logged in and deleted afterwards', () => {
    expect(customerHintCookie(true)).toBe(`${CUSTOMER_HINT_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(customerHintCookie(false)).toContain('Max-Age=0');
    expect(hasCustomerHint(`a=b; ${CUSTOMER_HINT_COOKIE}=1`)).toBe(true);
    expect(hasCustomerHint('a=b')).toBe(false);
    expect(hasCustomerHint(undefined)).toBe(false);
  });
});
