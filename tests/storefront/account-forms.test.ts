import { describe, expect, it } from 'vitest';
import {
  addressErrorField,
  checkAccountAddress,
  checkBirthday,
  checkChangeEmail,
  checkChangePassword,
  checkLoginForm,
  checkNewPassword,
  checkProfile,
  checkRegisterForm,
  emptyRegisterForm,
  profileInput,
  registerAccountInput,
  registerErrorField,
  type RegisterFormValues,
} from '../../storefront/features/account/accountForms';
import { emptyAddress } from '../../storefront/forms/checkoutForms';

const CH = 'country-ch';
const filled = (): RegisterFormValues => ({
  ...emptyRegisterForm(CH),
  email: ' anna@example.ch ',
  password: 'geheim123',
  passwordConfirmation: 'geheim123',
  billingAddress: { ...emptyAddress(CH), salutationId: 'sal-mrs', firstName: 'Anna', lastName: 'Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich' },
  acceptedDataProtection: true,
});

describe('the registration form (SPEC §5)', () => {
  it('accepts a complete form and builds the RegisterInput of an account (names from the billing address)', () => {
    const values = filled();
    expect(checkRegisterForm(values)).toEqual({});
    const input = registerAccountInput(values);
    expect(input).toMatchObject({ guest: false, email: 'anna@example.ch', password: 'geheim123', salutationId: 'sal-mrs', firstName: 'Anna', lastName: 'Muster', shippingAddress: null, acceptedDataProtection: true });
    expect(input.billingAddress).toMatchObject({ zipcode: '8001', city: 'Zürich', countryId: CH, company: null, phoneNumber: null });
  });
  it('shows every rule beside its field', () => {
    const values: RegisterFormValues = {
      ...filled(),
      email: 'anna@',
      password: 'kurz',
      passwordConfirmation: 'anders',
      billingAddress: { ...filled().billingAddress, firstName: 'An', zipcode: '800' },
      acceptedDataProtection: false,
    };
    expect(checkRegisterForm(values)).toEqual({
      email: 'email',
      password: 'minLength',
      passwordConfirmation: 'passwordsDiffer',
      'billingAddress.firstName': 'minLength',
      'billingAddress.zipcode': 'postalCode',
      acceptedDataProtection: 'required',
    });
  });
  it('puts the gateway’s name errors beside the billing address’s name fields', () => {
    expect(registerErrorField('firstName')).toBe('billingAddress.firstName');
    expect(registerErrorField('billingAddress.zipcode')).toBe('billingAddress.zipcode');
    expect(registerErrorField('email')).toBe('email');
  });
});

describe('the other account forms', () => {
  it('login: email and password required, any password length', () => {
    expect(checkLoginForm({ email: '', password: '' })).toEqual({ email: 'required', password: 'required' });
    expect(checkLoginForm({ email: 'a@b.ch', password: 'x' })).toEqual({});
  });
  it('birthday: optional, a real past date', () => {
    const today = new Date('2026-06-01T00:00:00Z');
    expect(checkBirthday('', { optional: true, today })).toBeUndefined();
    expect(checkBirthday('', { today })).toBe('required');
    expect(checkBirthday('1981-02-29', { today })).toBe('date');
    expect(checkBirthday('1980-02-28', { today })).toBeUndefined();
    expect(checkBirthday('1899-12-31', { today })).toBe('date');
    expect(checkBirthday('2026-06-02', { today })).toBe('date');
    expect(checkBirthday('01.02.1980', { today })).toBe('date');
  });
  it('new password twice: 8 characters and equal', () => {
    expect(checkNewPassword({ newPassword: 'geheim123', newPasswordConfirm: 'geheim124' })).toEqual({ newPasswordConfirm: 'passwordsDiffer' });
    expect(checkNewPassword({ newPassword: 'kurz', newPasswordConfirm: '' })).toEqual({ newPassword: 'minLength', newPasswordConfirm: 'required' });
    expect(checkChangePassword({ password: '', newPassword: 'geheim123', newPasswordConfirm: 'geheim123' })).toEqual({ password: 'required' });
  });
  it('change email: typed twice (case does not matter) and the password', () => {
    expect(checkChangeEmail({ email: 'neu@example.ch', emailConfirmation: 'NEU@example.ch', password: 'x' })).toEqual({});
    expect(checkChangeEmail({ email: 'neu@example.ch', emailConfirmation: 'alt@example.ch', password: '' })).toEqual({ emailConfirmation: 'emailsDiffer', password: 'required' });
  });
  it('profile: names of 3 characters, optional fields sent as null', () => {
    expect(checkProfile({ salutationId: '', title: '', firstName: 'Al', lastName: 'Muster', birthday: '' })).toEqual({ firstName: 'minLength' });
    expect(profileInput({ salutationId: '', title: ' ', firstName: ' Anna ', lastName: 'Muster', birthday: '' })).toEqual({ salutationId: null, title: null, firstName: 'Anna', lastName: 'Muster', birthday: null });
  });
  it('address book: a postal code of 3 characters is refused; gateway fields land on the form’s fields', () => {
    const address = { ...emptyAddress(CH), firstName: 'Anna', lastName: 'Muster', street: 'Weg 1', zipcode: '123', city: 'Bern' };
    expect(checkAccountAddress(address)).toEqual({ 'address.zipcode': 'postalCode' });
    expect(addressErrorField('zipcode')).toBe('address.zipcode');
    expect(addressErrorField('address.zipcode')).toBe('address.zipcode');
  });
});
