import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, openAccountGateway, REGISTER, swissAddress, uniqueEmail, type AccountGateway } from './account-gateway';

// SPEC §5 / §9 form limits of the registration at both sides of the boundary, through the gateway over the real
// embedded Store API: password at least 8 characters, first and last name at least 3. A refusal is answered in
// the shopper's language beside the field, and no customer is created.

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

async function register(fields: { password?: string; firstName?: string; lastName?: string }) {
  const email = uniqueEmail('grenze');
  const result = await browser(gw).gql(REGISTER, {
    input: {
      guest: false,
      email,
      password: fields.password ?? 'Sicher-12345',
      firstName: fields.firstName ?? 'Anna',
      lastName: fields.lastName ?? 'Muster',
      billingAddress: swissAddress(gw),
      acceptedDataProtection: true,
    },
  });
  const created = gw.shop.db.prepare('SELECT COUNT(*) FROM customer WHERE email = ?').pluck().get(email) as number;
  return { errors: result.body.data.register.errors as { code: string; field: string | null; message: string }[], created };
}

describe('registration: password at least 8 characters', () => {
  it.each([
    { password: 'Sicher1', errors: [{ code: 'INVALID_INPUT', field: 'password', message: 'Passwort - Der Wert ist zu kurz (mindestens 8 Zeichen)' }], created: 0 },
    { password: 'Sicher-1', errors: [], created: 1 },
  ])('a password of $password.length characters: $created account created', async ({ password, errors, created }) => {
    expect(await register({ password })).toEqual({ errors, created });
  });
});

describe('registration: first and last name at least 3 characters', () => {
  it.each([
    { firstName: 'Al', lastName: 'Muster', field: 'firstName', label: 'Vorname' },
    { firstName: 'Anna', lastName: 'Ng', field: 'lastName', label: 'Nachname' },
    { firstName: ' Al ', lastName: 'Muster', field: 'firstName', label: 'Vorname' },
  ])('refuses $field "$firstName $lastName" (2 characters) and creates no account', async ({ firstName, lastName, field, label }) => {
    expect(await register({ firstName, lastName })).toEqual({
      errors: [{ code: 'INVALID_INPUT', field, message: `${label} - Der Wert ist zu kurz (mindestens 3 Zeichen)` }],
      created: 0,
    });
  });

  it.each([
    { firstName: 'Ali', lastName: 'Ngo' },
    { firstName: 'Zoë', lastName: 'Wüst' },
  ])('accepts "$firstName $lastName" (3 characters)', async ({ firstName, lastName }) => {
    expect(await register({ firstName, lastName })).toEqual({ errors: [], created: 1 });
  });
});
