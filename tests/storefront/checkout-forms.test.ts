import { describe, expect, it } from 'vitest';
import {
  addressInput,
  checkAddress,
  checkLogin,
  checkRegistration,
  emptyAddress,
  emptyRegistration,
  registerInput,
  splitShopErrors,
  type AddressValues,
  type RegistrationValues,
} from '../../storefront/forms/checkoutForms';
import { checkEmail, checkName, checkPassword, checkPasswordsMatch, checkPostalCode, checkRequired } from '../../storefront/forms/fieldRules';

// SPEC §5 rules at their boundaries, as the checkout's forms apply them before anything is sent.

const CH = '0123456789abcdef0123456789abcdef';
const address = (overrides: Partial<AddressValues> = {}): AddressValues => ({
  ...emptyAddress(CH),
  firstName: 'Anna',
  lastName: 'Muster',
  street: 'Bahnhofstrasse 1',
  zipcode: '8001',
  city: 'Zürich',
  ...overrides,
});
const registration = (overrides: Partial<RegistrationValues> = {}): RegistrationValues => ({
  ...emptyRegistration(CH),
  email: 'anna@example.ch',
  password: 'geheim123',
  passwordConfirmation: 'geheim123',
  billingAddress: address(),
  acceptedDataProtection: true,
  ...overrides,
});

describe('field rules (SPEC §5, §9 form limits)', () => {
  it('requires a value; blanks are no value', () => {
    expect(checkRequired('')).toBe('required');
    expect(checkRequired('   ')).toBe('required');
    expect(checkRequired(null)).toBe('required');
    expect(checkRequired('x')).toBeUndefined();
  });

  it('names need at least 3 characters: 2 is refused, 3 passes, surrounding blanks do not count', () => {
    expect(checkName('')).toBe('required');
    expect(checkName('Al')).toBe('minLength');
    expect(checkName('  Al  ')).toBe('minLength');
    expect(checkName('Ali')).toBeUndefined();
    // three letters as the shopper sees them, whatever their encoding
    expect(checkName('Zoë')).toBeUndefined();
  });

  it('passwords need at least 8 characters: 7 is refused, 8 passes', () => {
    expect(checkPassword('')).toBe('required');
    expect(checkPassword('1234567')).toBe('minLength');
    expect(checkPassword('12345678')).toBeUndefined();
    // blanks are part of a password
    expect(checkPassword('       x')).toBeUndefined();
  });

  it('postal codes have exactly 4 characters: 3 and 5 are refused', () => {
    expect(checkPostalCode('')).toBe('required');
    expect(checkPostalCode('800')).toBe('postalCode');
    expect(checkPostalCode('8001')).toBeUndefined();
    expect(checkPostalCode(' 9490 ')).toBeUndefined();
    expect(checkPostalCode('80011')).toBe('postalCode');
  });

  it('the repeated password must be the same, to the character', () => {
    expect(checkPasswordsMatch('geheim123', '')).toBe('required');
    expect(checkPasswordsMatch('geheim123', 'geheim124')).toBe('passwordsDiffer');
    expect(checkPasswordsMatch('geheim123', 'Geheim123')).toBe('passwordsDiffer');
    expect(checkPasswordsMatch('geheim123', 'geheim123')).toBeUndefined();
  });

  it('emails need one @ and a dotted domain', () => {
    expect(checkEmail('anna@example')).toBe('email');
    expect(checkEmail('anna@example.ch')).toBeUndefined();
  });
});

describe('the checkout forms', () => {
  it('an address names each failing field by the path the gateway uses', () => {
    expect(checkAddress(address(), 'billingAddress')).toEqual({});
    expect(checkAddress(address({ firstName: 'Jo', zipcode: '12345', city: ' ', countryId: '' }), 'shippingAddress')).toEqual({
      'shippingAddress.firstName': 'minLength',
      'shippingAddress.zipcode': 'postalCode',
      'shippingAddress.city': 'required',
      'shippingAddress.countryId': 'required',
    });
  });

  it('a guest needs no password; an account needs one, repeated; both need the data-protection consent', () => {
    expect(checkRegistration(registration({ password: '', passwordConfirmation: '' }), 'guest')).toEqual({});
    expect(checkRegistration(registration({ password: '', passwordConfirmation: '' }), 'register')).toEqual({ password: 'required', passwordConfirmation: 'required' });
    expect(checkRegistration(registration({ passwordConfirmation: 'geheim12' }), 'register')).toEqual({ passwordConfirmation: 'passwordsDiffer' });
    expect(checkRegistration(registration({ acceptedDataProtection: false }), 'guest')).toEqual({ acceptedDataProtection: 'required' });
  });

  it('checks the shipping address only when it differs from the billing address', () => {
    const empty = emptyAddress(CH);
    expect(checkRegistration(registration({ shippingAddress: empty }), 'guest')).toEqual({});
    const problems = checkRegistration(registration({ differentShippingAddress: true, shippingAddress: empty }), 'guest');
    expect(Object.keys(problems).sort()).toEqual(['shippingAddress.city', 'shippingAddress.firstName', 'shippingAddress.lastName', 'shippingAddress.street', 'shippingAddress.zipcode']);
  });

  it('login needs a valid email and some password', () => {
    expect(checkLogin('', '')).toEqual({ 'login.email': 'required', 'login.password': 'required' });
    expect(checkLogin('anna@example.ch', 'x')).toEqual({});
  });

  it('sends trimmed values, optional fields as null, no password for guests, no shipping address when the same', () => {
    const input = registerInput(registration({ email: ' anna@example.ch ', billingAddress: address({ firstName: ' Anna ', company: '  ' }) }), 'guest');
    expect(input).toMatchObject({ guest: true, email: 'anna@example.ch', password: null, firstName: 'Anna', lastName: 'Muster', shippingAddress: null, acceptedDataProtection: true });
    expect(input.billingAddress).toEqual({ salutationId: null, firstName: 'Anna', lastName: 'Muster', company: null, street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: CH, phoneNumber: null });
    const account = registerInput(registration({ differentShippingAddress: true, shippingAddress: address({ city: 'Bern', zipcode: '3011' }) }), 'register');
    expect(account.password).toBe('geheim123');
    expect(account.guest).toBe(false);
    expect(account.shippingAddress).toEqual(addressInput(address({ city: 'Bern', zipcode: '3011' })));
  });

  it('puts gateway errors with a known field beside it, the rest in the alert, once each', () => {
    const { byField, general } = splitShopErrors(
      [
        { code: 'INVALID_INPUT', message: 'Dieser Wert sollte nicht leer sein.', field: 'billingAddress.zipcode' },
        { code: 'EMAIL_IN_USE', message: 'Diese E-Mail-Adresse wird bereits verwendet.', field: null },
        { code: 'UNAVAILABLE', message: 'Es ist ein Fehler aufgetreten.' },
        { code: 'UNAVAILABLE', message: 'Es ist ein Fehler aufgetreten.' },
        { code: 'INVALID_INPUT', message: 'unknown', field: 'vatIds' },
      ],
      new Set(['billingAddress.zipcode']),
    );
    expect(byField).toEqual({ 'billingAddress.zipcode': 'Dieser Wert sollte nicht leer sein.' });
    expect(general).toEqual(['Diese E-Mail-Adresse wird bereits verwendet.', 'Es ist ein Fehler aufgetreten.', 'unknown']);
  });
});

describe('the order idempotency key', () => {
  it('is a UUID v4 the gateway accepts, new each time, also without crypto.randomUUID (plain http)', async () => {
    const { newIdempotencyKey } = await import('../../storefront/features/checkout/idempotencyKey');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
