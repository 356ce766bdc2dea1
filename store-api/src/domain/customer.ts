import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { StoreApiConfig } from '../config';
import { newContextToken, randomId, isId } from '../ids';
import { saveContextPayload, type ContextPayload, type SalesChannelContext } from '../context';
import { StoreApiError, type Violation } from '../errors';
import { blank, FormChecker, shown } from './shop-forms';
import { prepared } from '../entities/system';
import { COUNTRY_CH_ID, COUNTRY_LI_ID } from '../known-ids';
import { stableId } from '../ids';
import { readStoredCart } from './cart';
import { nextNumber } from './number-ranges';
import { queueEmailChangedMails, queuePasswordChangedMail } from './account-mails';
import { queueRegistrationMail } from './mail';
import {
  assertNotBlocked,
  attemptsOf,
  guestRegistrationIpLimit,
  hitRateLimit,
  loginAccountCeiling,
  loginIpLimit,
  loginPairLimit,
  optInResendEmailLimit,
  optInResendIpLimit,
  recordAttempt,
  registrationEmailLimit,
  registrationIpLimit,
  resetLimit,
  secondsBlocked,
  throttled,
  type RateLimit,
} from './rate-limit';

// Customers as the checkout needs them (SPEC §3 Customer, §4 Session/Registration, §5 validation):
// guest and account registration with double opt-in, login with scrypt passwords (rate-limited per account and
// client address, ./rate-limit.ts), the session switch that carries the cart, the customer's addresses, and the
// account area of issue 6 (profile, email, password, default payment method, address removal; password recovery
// is in ./recovery.ts). Passwords and their hashes are never logged or answered.

// --- passwords -------------------------------------------------------------------------------------

/**
 * scrypt parameters (RFC 7914): N = 2^15 rounds of a 128·r·N = 32 MiB memory-hard mix, r = 8, p = 1,
 * a 16-byte random salt and a 32-byte key — OWASP's minimum for scrypt, about 50–100 ms per hash here.
 * They are stored in every hash (`scrypt$N$r$p$salt$key`), so raising them later keeps old hashes valid.
 */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly that, so allow headroom. */
const SCRYPT_MAX_MEMORY = 64 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords only cost hashing time; nobody types 1 kB. */
const PASSWORD_MAX_LENGTH = 1024;

function scryptKey(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: SCRYPT_MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const key = await scryptKey(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; a malformed stored hash simply does not match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const key = await scryptKey(password, Buffer.from(saltText, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/** Unknown emails are checked against this, so a login takes as long whether the email exists or not. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

// --- rows ------------------------------------------------------------------------------------------

export interface CustomerRow {
  id: string;
  customer_number: string;
  sales_channel_id: string;
  customer_group_id: string;
  /** the group the customer asked for on its registration page, until the shop decides (Shopware requestedGroupId) */
  requested_customer_group_id?: string | null;
  language_id: string;
  salutation_id: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  guest: number;
  active: number;
  account_type: string;
  company: string | null;
  birthday: string | null;
  double_opt_in_registration: number;
  double_opt_in_hash: string | null;
  double_opt_in_email_sent_at: string | null;
  double_opt_in_confirmed_at: string | null;
  default_billing_address_id: string | null;
  default_shipping_address_id: string | null;
  default_payment_method_id: string | null;
  first_login: string | null;
  last_login: string | null;
  created_at: string;
  updated_at: string | null;
  /** migration 4: the customer's preferred pharmacy (customer-pharmacy) */
  preferred_pharmacy_id?: string | null;
}

export interface AddressRow {
  id: string;
  customer_id: string;
  salutation_id: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  department: string | null;
  street: string;
  additional_address_line1: string | null;
  additional_address_line2: string | null;
  zipcode: string | null;
  city: string;
  country_id: string;
  country_state_id: string | null;
  phone_number: string | null;
  created_at: string;
  updated_at: string | null;
}

export function findCustomer(ctx: SalesChannelContext, customerId: string): CustomerRow | undefined {
  return prepared(ctx.db, 'SELECT * FROM customer WHERE id = ?').get(customerId) as CustomerRow | undefined;
}

/** The session's customer (guest or account) or 403, as Shopware's LoginRequired routes answer. */
export function requireCustomer(ctx: SalesChannelContext): CustomerRow {
  const customer = ctx.customerId ? findCustomer(ctx, ctx.customerId) : undefined;
  if (!customer) throw StoreApiError.of(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.');
  return customer;
}

/**
 * A logged-in account (active, not a guest) or 403: the account area's routes (profile, email, password) are not
 * for guests nor for a registration still waiting for its confirmation link.
 */
export function requireAccount(ctx: SalesChannelContext): CustomerRow {
  const customer = requireCustomer(ctx);
  if (customer.guest === 1 || customer.active !== 1) throw StoreApiError.of(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.');
  return customer;
}

export function customerAddresses(ctx: SalesChannelContext, customerId: string): AddressRow[] {
  return prepared(ctx.db, 'SELECT * FROM customer_address WHERE customer_id = ? ORDER BY created_at, id').all(customerId) as AddressRow[];
}

export function findAddress(ctx: SalesChannelContext, customerId: string, addressId: string): AddressRow | undefined {
  return prepared(ctx.db, 'SELECT * FROM customer_address WHERE id = ? AND customer_id = ?').get(addressId, customerId) as AddressRow | undefined;
}

/** The addresses this session orders with: the ones chosen in the context, else the customer's defaults. */
export function activeAddressIds(ctx: SalesChannelContext, customer: CustomerRow): { billingAddressId: string | null; shippingAddressId: string | null } {
  const chosen = (key: 'billingAddressId' | 'shippingAddressId'): string | null => {
    const id = ctx.payload[key];
    return typeof id === 'string' && findAddress(ctx, customer.id, id) ? id : null;
  };
  const billingAddressId = chosen('billingAddressId') ?? customer.default_billing_address_id;
  const shippingAddressId = chosen('shippingAddressId') ?? customer.default_shipping_address_id ?? billingAddressId;
  return { billingAddressId, shippingAddressId };
}

// --- validation (the checker is ./shop-forms.ts) ---------------------------------------------------

/**
 * A new password: at least PASSWORD_MIN_LENGTH characters (SPEC §5), at most PASSWORD_MAX_LENGTH, and equal to its
 * confirmation when one is asked for (violation at the confirmation's pointer: VIOLATION::EQUAL_TO_ERROR).
 */
export function readNewPassword(v: FormChecker, pointer: string, value: unknown, confirmation?: { pointer: string; value: unknown }): string | null {
  let password: string | null = null;
  if (typeof value !== 'string' || value === '') v.violations.push(blank(pointer, undefined));
  else if (value.length < PASSWORD_MIN_LENGTH) {
    v.violations.push({
      pointer,
      code: 'VIOLATION::TOO_SHORT_ERROR',
      detail: `This value is too short. It should have ${PASSWORD_MIN_LENGTH} characters or more.`,
      parameters: { '{{ limit }}': PASSWORD_MIN_LENGTH },
    });
  } else if (value.length > PASSWORD_MAX_LENGTH) {
    v.violations.push({ pointer, code: 'VIOLATION::TOO_LONG_ERROR', detail: `This value is too long. It should have ${PASSWORD_MAX_LENGTH} characters or less.`, parameters: { '{{ limit }}': PASSWORD_MAX_LENGTH } });
  } else password = value;
  if (confirmation && typeof value === 'string' && value !== '' && confirmation.value !== value) {
    v.violations.push(notEqual(confirmation.pointer, pointer));
  }
  return password;
}

/**
 * A confirmation field that differs from its field (new password, new email). Code VIOLATION::EQUAL_TO_ERROR at the
 * confirmation's pointer, as STOREAPI6.md fixes it for this shop (Symfony's EqualTo names it NOT_EQUAL_ERROR).
 */
function notEqual(pointer: string, comparedPointer: string): Violation {
  return {
    pointer,
    code: 'VIOLATION::EQUAL_TO_ERROR',
    detail: 'This value should be equal to the value of the field it confirms.',
    parameters: { '{{ compared_value_path }}': comparedPointer.replace(/^\//, '') },
  };
}

function passwordNotCorrect(): Violation {
  return { pointer: '/password', code: 'VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT', detail: 'Password does not match.', parameters: {} };
}

export interface AddressInput {
  salutationId: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  company: string | null;
  department: string | null;
  street: string;
  additionalAddressLine1: string | null;
  additionalAddressLine2: string | null;
  zipcode: string | null;
  city: string;
  countryId: string;
  countryStateId: string | null;
  phoneNumber: string | null;
}

/** Shopware falls back to the salutation "not specified" when none is given. */
export const SALUTATION_NOT_SPECIFIED_ID = stableId('salutation', 'not_specified');

/** Swiss and Liechtenstein postal codes are four digits (SPEC §5, §9). */
const FOUR_DIGIT_ZIP_COUNTRIES = new Set([COUNTRY_CH_ID, COUNTRY_LI_ID]);

function readAddress(
  ctx: SalesChannelContext,
  v: FormChecker,
  prefix: string,
  raw: unknown,
  fallback: { firstName?: string | null; lastName?: string | null; salutationId?: string | null } = {},
): AddressInput | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    v.violations.push(blank(prefix || '/', raw));
    return null;
  }
  const body = raw as Record<string, unknown>;
  const countryId = v.entity(ctx, `${prefix}/countryId`, body.countryId, 'country', 'SELECT 1 FROM country WHERE id = ? AND active = 1', { required: true });
  const zipcode = v.text(`${prefix}/zipcode`, body.zipcode, { required: countryId !== null && FOUR_DIGIT_ZIP_COUNTRIES.has(countryId), max: 50 });
  if (zipcode !== null && countryId !== null && FOUR_DIGIT_ZIP_COUNTRIES.has(countryId) && !/^\d{4}$/.test(zipcode)) {
    v.violations.push({
      pointer: `${prefix}/zipcode`,
      code: 'VIOLATION::ZIP_CODE_INVALID',
      detail: 'This value is not a valid ZIP code for country "CH": it has exactly 4 digits.',
      parameters: { '{{ value }}': shown(body.zipcode), '{{ iso }}': countryId === COUNTRY_LI_ID ? 'LI' : 'CH' },
    });
  }
  const firstName = v.text(`${prefix}/firstName`, body.firstName ?? fallback.firstName, { required: true });
  const lastName = v.text(`${prefix}/lastName`, body.lastName ?? fallback.lastName, { required: true });
  const street = v.text(`${prefix}/street`, body.street, { required: true });
  const city = v.text(`${prefix}/city`, body.city, { required: true });
  const salutationId = v.entity(ctx, `${prefix}/salutationId`, body.salutationId ?? fallback.salutationId, 'salutation', 'SELECT 1 FROM salutation WHERE id = ?');
  const countryStateId = v.entity(ctx, `${prefix}/countryStateId`, body.countryStateId, 'country_state', 'SELECT 1 FROM country_state WHERE id = ? AND active = 1');
  const optional = (key: string) => v.text(`${prefix}/${key}`, body[key]);
  const address = {
    salutationId: salutationId ?? SALUTATION_NOT_SPECIFIED_ID,
    title: optional('title'),
    firstName: firstName ?? '',
    lastName: lastName ?? '',
    company: optional('company'),
    department: optional('department'),
    street: street ?? '',
    additionalAddressLine1: optional('additionalAddressLine1'),
    additionalAddressLine2: optional('additionalAddressLine2'),
    zipcode,
    city: city ?? '',
    countryId: countryId ?? '',
    countryStateId,
    phoneNumber: v.text(`${prefix}/phoneNumber`, body.phoneNumber, { max: 40 }),
  };
  return address;
}

function insertAddress(ctx: SalesChannelContext, customerId: string, address: AddressInput, now: string): string {
  const id = randomId();
  prepared(
    ctx.db,
    `INSERT INTO customer_address (id, customer_id, salutation_id, title, first_name, last_name, company, department, street,
       additional_address_line1, additional_address_line2, zipcode, city, country_id, country_state_id, phone_number, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id, customerId, address.salutationId, address.title, address.firstName, address.lastName, address.company, address.department,
    address.street, address.additionalAddressLine1, address.additionalAddressLine2, address.zipcode, address.city, address.countryId,
    address.countryStateId, address.phoneNumber, now,
  );
  return id;
}

function sameAddress(a: AddressInput, b: AddressInput): boolean {
  return (Object.keys(a) as (keyof AddressInput)[]).every((key) => (a[key] ?? null) === (b[key] ?? null));
}

// --- registration ----------------------------------------------------------------------------------

export interface Registration {
  customerId: string;
  billingAddressId: string;
  shippingAddressId: string;
  /** an account waiting for its email confirmation (double opt-in) */
  awaitingConfirmation: boolean;
}

/** Shopware's `em` parameter of the confirmation link: sha1 of the email. */
export function emailHash(email: string): string {
  return createHash('sha1').update(email.toLowerCase()).digest('hex');
}

/**
 * POST /account/register: a guest (guest: true, no password) or an account (password ≥ 8; with double opt-in
 * inactive until confirmed). Validates like Shopware's RegisterRoute, writes customer and addresses in one
 * transaction and queues the confirmation mail for accounts.
 */
export async function registerCustomer(
  ctx: SalesChannelContext,
  config: StoreApiConfig,
  body: Record<string, unknown>,
  clientIp: string | null = null,
): Promise<Registration> {
  if (!config.registrationEnabled) {
    throw StoreApiError.of(403, 'CHECKOUT__CUSTOMER_REGISTRATION_INACTIVE', 'Registration is not active!');
  }
  const v = new FormChecker();
  const guest = body.guest === true || body.guest === 'true' || body.guest === 1;
  // Per client address (unknown address: not limited), before anything is checked (rate-limit.ts): accounts 20 an
  // hour, guests (a checkout each) the much higher guest checkout limit.
  if (clientIp) hitRateLimit(ctx.db, [guest ? guestRegistrationIpLimit(ctx.db, clientIp) : registrationIpLimit(ctx.db, clientIp)]);
  const email = v.email('/email', body.email);
  // Per e-mail, so one address cannot be signed up over and over (each account registration mails it).
  if (email !== null) hitRateLimit(ctx.db, [registrationEmailLimit(ctx.db, email)]);
  // As Shopware's RegisterRoute: names left out of the account come from the billing address, and the billing
  // address always carries the account's names and salutation (a Shopware frontend sends them only once).
  const billingBody = isPlainObject(body.billingAddress) ? body.billingAddress : null;
  const firstName = v.text('/firstName', body.firstName === undefined ? billingBody?.firstName : body.firstName, { required: true });
  const lastName = v.text('/lastName', body.lastName === undefined ? billingBody?.lastName : body.lastName, { required: true });
  const salutationId = v.entity(ctx, '/salutationId', body.salutationId, 'salutation', 'SELECT 1 FROM salutation WHERE id = ?');
  const title = v.text('/title', body.title);
  const password = guest ? null : readNewPassword(v, '/password', body.password);
  const names = { firstName, lastName, salutationId };
  const billing = readAddress(ctx, v, '/billingAddress', billingBody ? { ...billingBody, ...names } : body.billingAddress, names);
  const shipping = body.shippingAddress === undefined || body.shippingAddress === null ? null : readAddress(ctx, v, '/shippingAddress', body.shippingAddress, names);
  const storefrontUrl = v.storefrontUrl(ctx, '/storefrontUrl', body.storefrontUrl);
  const requestedGroupId = guest ? null : readRequestedGroup(ctx, v, billing, body.requestedGroupId);
  if (email !== null && !guest && accountEmailTaken(ctx, email)) {
    v.violations.push({
      pointer: '/email',
      code: 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE',
      detail: `The email address ${email} is already in use`,
      parameters: { '{{ email }}': email },
    });
  }
  v.fail();

  // Hashing takes ~80 ms off the event loop; the write below is one synchronous transaction.
  const passwordHash = password === null ? null : await hashPassword(password);
  const doubleOptIn = !guest && config.registrationDoubleOptIn;
  const now = new Date().toISOString();
  const customerId = randomId();
  const optInHash = doubleOptIn ? randomBytes(16).toString('hex') : null;
  const write = ctx.db.transaction((): Registration => {
    // Checked again inside the transaction: two registrations racing for one email get one account.
    if (!guest && accountEmailTaken(ctx, email!)) {
      throw StoreApiError.violation('/email', 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', `The email address ${email} is already in use`, { '{{ email }}': email });
    }
    prepared(
      ctx.db,
      `INSERT INTO customer (id, customer_number, sales_channel_id, customer_group_id, language_id, salutation_id, title, first_name,
         last_name, email, password_hash, guest, active, double_opt_in_registration, double_opt_in_hash, double_opt_in_email_sent_at,
         first_login, created_at, requested_customer_group_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      customerId, nextNumber(ctx.db, 'customer'), ctx.salesChannel.id, ctx.salesChannel.customerGroupId, ctx.languageId,
      salutationId ?? SALUTATION_NOT_SPECIFIED_ID, title, firstName, lastName, email, passwordHash, guest ? 1 : 0, doubleOptIn ? 0 : 1,
      doubleOptIn ? 1 : 0, optInHash, doubleOptIn ? now : null, doubleOptIn ? null : now, now, requestedGroupId,
    );
    const billingAddressId = insertAddress(ctx, customerId, billing!, now);
    const shippingAddressId = shipping && !sameAddress(shipping, billing!) ? insertAddress(ctx, customerId, shipping, now) : billingAddressId;
    prepared(ctx.db, 'UPDATE customer SET default_billing_address_id = ?, default_shipping_address_id = ? WHERE id = ?').run(
      billingAddressId,
      shippingAddressId,
      customerId,
    );
    if (doubleOptIn) {
      const link = registrationConfirmUrl(storefrontUrl, email!, optInHash!);
      queueRegistrationMail(ctx.db, { customerId, email: email!, languageId: ctx.languageId, firstName: firstName!, lastName: lastName!, confirmUrl: link });
    }
    return { customerId, billingAddressId, shippingAddressId, awaitingConfirmation: doubleOptIn };
  });
  return write();
}

/**
 * Shopware's requestedGroupId: a group whose registration page is open. The customer only REQUESTS it and stays in
 * the sales channel's group until the shop accepts; a group registering companies only needs the company's name.
 */
function readRequestedGroup(ctx: SalesChannelContext, v: FormChecker, billing: AddressInput | null, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const group = typeof value === 'string' ? (prepared(ctx.db, 'SELECT id, registration_only_company FROM customer_group WHERE id = ? AND registration_active = 1').get(value) as { id: string; registration_only_company: number } | undefined) : undefined;
  if (!group) {
    v.violations.push({ pointer: '/requestedGroupId', code: 'VIOLATION::ENTITY_DOES_NOT_EXIST', detail: 'The customer group has no open registration.', parameters: { '{{ id }}': String(value) } });
    return null;
  }
  if (group.registration_only_company === 1 && billing && !billing.company) {
    v.violations.push({ pointer: '/billingAddress/company', code: 'VIOLATION::IS_BLANK_ERROR', detail: 'This value should not be blank.', parameters: { '{{ value }}': '""' } });
  }
  return group.id;
}

function accountEmailTaken(ctx: SalesChannelContext, email: string): boolean {
  return prepared(ctx.db, 'SELECT 1 FROM customer WHERE email = ? COLLATE NOCASE AND guest = 0').get(email) !== undefined;
}

/** The registration mail's link: the storefront's /registration/confirm page with the account's em and hash. */
function registrationConfirmUrl(storefrontUrl: string, email: string, optInHash: string): string {
  return `${storefrontUrl}/registration/confirm?em=${emailHash(email)}&hash=${optInHash}`;
}

/**
 * POST /account/register/resend (the shop's extension; Shopware's Store API has no such route): mails the
 * registration link again to an account whose opt-in is still open. The answer is the same whether or not there
 * is such an account, so it tells nothing about an e-mail; limited per e-mail and client address.
 */
export function resendRegistrationMail(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null): void {
  const v = new FormChecker();
  const email = v.email('/email', body.email);
  const storefrontUrl = v.storefrontUrl(ctx, '/storefrontUrl', body.storefrontUrl);
  v.fail();
  hitRateLimit(ctx.db, [optInResendEmailLimit(email!), ...(clientIp ? [optInResendIpLimit(clientIp)] : [])]);
  const customer = prepared(
    ctx.db,
    'SELECT * FROM customer WHERE email = ? COLLATE NOCASE AND guest = 0 AND double_opt_in_registration = 1 AND double_opt_in_confirmed_at IS NULL AND double_opt_in_hash IS NOT NULL',
  ).get(email) as CustomerRow | undefined;
  if (!customer) return;
  const confirmUrl = registrationConfirmUrl(storefrontUrl, customer.email, customer.double_opt_in_hash!);
  queueRegistrationMail(ctx.db, { customerId: customer.id, email: customer.email, languageId: ctx.languageId, firstName: customer.first_name, lastName: customer.last_name, confirmUrl });
}

/** POST /account/register-confirm { hash, em }: activates the account; answers the customer to log in. */
export function confirmRegistration(ctx: SalesChannelContext, body: Record<string, unknown>): CustomerRow {
  const v = new FormChecker();
  const hash = v.text('/hash', body.hash, { required: true, max: 64 });
  const em = v.text('/em', body.em, { required: true, max: 64 });
  v.fail();
  const customer = prepared(ctx.db, 'SELECT * FROM customer WHERE double_opt_in_hash = ?').get(hash) as CustomerRow | undefined;
  if (!customer || emailHash(customer.email) !== em) {
    throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH', `No matching customer for the hash "${hash}" was found.`, { hash });
  }
  if (customer.active === 1 && customer.double_opt_in_confirmed_at) {
    throw StoreApiError.of(412, 'CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED', `The customer with the id "${customer.id}" is already confirmed.`, { customerId: customer.id });
  }
  const now = new Date().toISOString();
  prepared(ctx.db, 'UPDATE customer SET active = 1, double_opt_in_confirmed_at = ?, first_login = COALESCE(first_login, ?), updated_at = ? WHERE id = ?').run(
    now,
    now,
    now,
    customer.id,
  );
  return findCustomer(ctx, customer.id)!;
}

// --- login -----------------------------------------------------------------------------------------

export function badCredentials(): StoreApiError {
  return StoreApiError.of(401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', 'Invalid username and/or password.');
}

function optInNotCompleted(customerId: string): StoreApiError {
  return StoreApiError.of(401, 'CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED', `The customer with the id "${customerId}" has not completed the opt-in.`, { customerId });
}

/**
 * The account for a username and password, or 401. Unknown email, wrong password, a guest or a deactivated
 * account all answer the same, after the same scrypt work, so the answer tells nothing about the email; the right
 * password of an account whose registration link was not opened yet answers CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED.
 */
export async function authenticate(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null = null): Promise<CustomerRow> {
  const username = typeof body.username === 'string' ? body.username.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!username || !password || password.length > PASSWORD_MAX_LENGTH) {
    if (!username || !password) {
      throw StoreApiError.violations([
        ...(username ? [] : [blank('/username', body.username)]),
        ...(password ? [] : [blank('/password', undefined)]),
      ]);
    }
    throw badCredentials();
  }
  // Rate limits (SPEC §4 Session; rate-limit.ts says why these three): growing delays per client address and
  // account, 30 failures in 15 minutes per address, and an account-wide ceiling that holds back only the addresses
  // that failed on the account — never the owner from elsewhere. 429 CHECKOUT__CUSTOMER_AUTH_THROTTLED with the
  // seconds to wait, before any password work.
  const pair = loginPairLimit(clientIp, username);
  const limits: RateLimit[] = [pair, loginAccountCeiling(username), ...(clientIp ? [loginIpLimit(clientIp)] : [])];
  assertLoginAllowed(ctx, pair, limits);
  const customer = prepared(ctx.db, 'SELECT * FROM customer WHERE email = ? COLLATE NOCASE AND guest = 0').get(username) as CustomerRow | undefined;
  const hash = customer?.password_hash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(password, hash);
  if (!customer || !matches) {
    for (const limit of limits) recordAttempt(ctx.db, limit);
    throw badCredentials();
  }
  // Shopware's AccountService: only after the right password does the answer say the opt-in is still open
  if (customer.double_opt_in_registration === 1 && !customer.double_opt_in_confirmed_at) throw optInNotCompleted(customer.id);
  if (customer.active !== 1) {
    for (const limit of limits) recordAttempt(ctx.db, limit);
    throw badCredentials();
  }
  // The pair's count only: the owner's success must not wipe the failures other addresses piled onto the account.
  resetLimit(ctx.db, pair);
  const now = new Date().toISOString();
  prepared(ctx.db, 'UPDATE customer SET last_login = ?, first_login = COALESCE(first_login, ?) WHERE id = ?').run(now, now, customer.id);
  return customer;
}

/**
 * 429 while the pair or the address waits; past the account's ceiling only an address without failures on the
 * account (the owner's other device) is let through to the password check.
 */
function assertLoginAllowed(ctx: SalesChannelContext, pair: RateLimit, limits: RateLimit[]): void {
  const [, ceiling, ...others] = limits;
  assertNotBlocked(ctx.db, [pair, ...others], 'CHECKOUT__CUSTOMER_AUTH_THROTTLED');
  const wait = secondsBlocked(ctx.db, ceiling!);
  if (wait > 0 && attemptsOf(ctx.db, pair) > 0) throw throttled('CHECKOUT__CUSTOMER_AUTH_THROTTLED', wait);
}

// --- the session switch ----------------------------------------------------------------------------

/** What a new session keeps of the old one's choices (language, currency, methods). */
function keptChoices(payload: ContextPayload): ContextPayload {
  const kept: ContextPayload = {};
  for (const key of ['languageId', 'currencyId', 'paymentMethodId', 'shippingMethodId', 'countryId', 'countryStateId'] as const) {
    if (payload[key] !== undefined) kept[key] = payload[key];
  }
  return kept;
}

function cartHasItems(ctx: SalesChannelContext, token: string): boolean {
  return (readStoredCart(ctx.db, token)?.lineItems.length ?? 0) > 0;
}

function moveCart(ctx: SalesChannelContext, from: string, to: string): void {
  prepared(ctx.db, 'DELETE FROM cart WHERE token = ?').run(to);
  prepared(ctx.db, 'UPDATE cart SET token = ?, updated_at = ? WHERE token = ?').run(to, new Date().toISOString(), from);
}

/**
 * Gives the session a new context token (login, register, logout), as Shopware's ContextPersister::replace
 * does so a token seen before the switch cannot ride along. The cart goes with the shopper: when logging in,
 * a cart with items wins; an empty one is replaced by the customer's cart saved at their last logout or
 * still held by another of their sessions (Shopware's CartRestorer, without merging two carts that could
 * mix Click & Collect and delivery items).
 */
export function switchSession(ctx: SalesChannelContext, next: { customerId: string | null; billingAddressId?: string | null; shippingAddressId?: string | null }): void {
  const oldToken = ctx.token;
  const newToken = newContextToken();
  const payload: ContextPayload = keptChoices(ctx.payload);
  if (next.customerId) {
    if (payload.paymentMethodId === undefined && next.customerId !== ctx.customerId) {
      // Logging in without a method chosen in this session: the account's default (change-payment-method).
      const preferred = prepared(
        ctx.db,
        'SELECT p.id FROM customer c JOIN payment_method p ON p.id = c.default_payment_method_id AND p.active = 1 WHERE c.id = ?',
      ).get(next.customerId) as { id: string } | undefined;
      if (preferred) payload.paymentMethodId = preferred.id;
    }
    payload.customerId = next.customerId;
    if (next.billingAddressId) payload.billingAddressId = next.billingAddressId;
    if (next.shippingAddressId) payload.shippingAddressId = next.shippingAddressId;
  }
  ctx.db.transaction(() => {
    const leavingCustomerId = ctx.customerId;
    if (next.customerId === null && leavingCustomerId) {
      // Logout: the cart stays behind under the old token, marked as this customer's, for the next login.
      const oldPayload: ContextPayload = { ...keptChoices(ctx.payload), savedCartOfCustomerId: leavingCustomerId };
      prepared(ctx.db, 'UPDATE context_token SET payload = ?, updated_at = ? WHERE token = ?').run(JSON.stringify(oldPayload), new Date().toISOString(), oldToken);
    } else if (cartHasItems(ctx, oldToken) || !next.customerId) {
      moveCart(ctx, oldToken, newToken);
      prepared(ctx.db, 'DELETE FROM context_token WHERE token = ?').run(oldToken);
    } else {
      const saved = prepared(
        ctx.db,
        `SELECT t.token FROM context_token t JOIN cart c ON c.token = t.token
         WHERE t.token <> ? AND (json_extract(t.payload, '$.customerId') = ? OR json_extract(t.payload, '$.savedCartOfCustomerId') = ?)
         ORDER BY c.updated_at DESC LIMIT 1`,
      ).get(oldToken, next.customerId, next.customerId) as { token: string } | undefined;
      if (saved) moveCart(ctx, saved.token, newToken);
      prepared(ctx.db, 'DELETE FROM cart WHERE token = ?').run(oldToken);
      prepared(ctx.db, 'DELETE FROM context_token WHERE token = ?').run(oldToken);
    }
    ctx.token = newToken;
    ctx.payload = {};
    ctx.persisted = false;
    saveContextPayload(ctx, payload);
  })();
  ctx.customerId = next.customerId;
  ctx.languageId = typeof payload.languageId === 'string' ? payload.languageId : ctx.languageId;
}

// --- addresses -------------------------------------------------------------------------------------

/** POST /account/address: a new address of the session's customer (guests included). */
export function createAddress(ctx: SalesChannelContext, customer: CustomerRow, body: Record<string, unknown>): string {
  const v = new FormChecker();
  const address = readAddress(ctx, v, '', body, {});
  v.fail();
  return insertAddress(ctx, customer.id, address!, new Date().toISOString());
}

/** PATCH /account/address/{id}: the whole address is sent again (Shopware's CustomerAddressBody). */
export function updateAddress(ctx: SalesChannelContext, customer: CustomerRow, addressId: string, body: Record<string, unknown>): void {
  const existing = isId(addressId) ? findAddress(ctx, customer.id, addressId) : undefined;
  if (!existing) {
    throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND', `Customer address with id "${addressId}" not found.`, { addressId });
  }
  const merged: Record<string, unknown> = {
    salutationId: existing.salutation_id,
    title: existing.title,
    firstName: existing.first_name,
    lastName: existing.last_name,
    company: existing.company,
    department: existing.department,
    street: existing.street,
    additionalAddressLine1: existing.additional_address_line1,
    additionalAddressLine2: existing.additional_address_line2,
    zipcode: existing.zipcode,
    city: existing.city,
    countryId: existing.country_id,
    countryStateId: existing.country_state_id,
    phoneNumber: existing.phone_number,
    ...body,
  };
  const v = new FormChecker();
  const address = readAddress(ctx, v, '', merged, {});
  v.fail();
  const a = address!;
  prepared(
    ctx.db,
    `UPDATE customer_address SET salutation_id = ?, title = ?, first_name = ?, last_name = ?, company = ?, department = ?, street = ?,
       additional_address_line1 = ?, additional_address_line2 = ?, zipcode = ?, city = ?, country_id = ?, country_state_id = ?,
       phone_number = ?, updated_at = ? WHERE id = ?`,
  ).run(
    a.salutationId, a.title, a.firstName, a.lastName, a.company, a.department, a.street, a.additionalAddressLine1, a.additionalAddressLine2,
    a.zipcode, a.city, a.countryId, a.countryStateId, a.phoneNumber, new Date().toISOString(), addressId,
  );
}

// --- the account area: profile, email, password, payment method, address removal ---------------------------

/** Logs the customer out of every session but `exceptToken` (password changed or reset); carts stay for the next login. */
export function logoutOtherSessions(ctx: SalesChannelContext, customerId: string, exceptToken: string | null): void {
  prepared(
    ctx.db,
    `UPDATE context_token
     SET payload = json_set(json_remove(payload, '$.customerId', '$.billingAddressId', '$.shippingAddressId'), '$.savedCartOfCustomerId', ?),
         updated_at = ?
     WHERE json_extract(payload, '$.customerId') = ? AND token IS NOT ?`,
  ).run(customerId, new Date().toISOString(), customerId, exceptToken);
}

/**
 * The customer's password checked for an account-area change. Wrong ones count against the account's login limit
 * (a stolen session cannot try passwords here any faster than at the login) and answer the violation.
 */
async function currentPasswordMatches(ctx: SalesChannelContext, customer: CustomerRow, value: unknown, clientIp: string | null): Promise<boolean> {
  const pair = loginPairLimit(clientIp, customer.email);
  const limits: RateLimit[] = [pair, loginAccountCeiling(customer.email), ...(clientIp ? [loginIpLimit(clientIp)] : [])];
  assertLoginAllowed(ctx, pair, limits);
  const password = typeof value === 'string' ? value : '';
  const matches = password !== '' && password.length <= PASSWORD_MAX_LENGTH && customer.password_hash !== null && (await verifyPassword(password, customer.password_hash));
  if (!matches) for (const limit of limits) recordAttempt(ctx.db, limit);
  return matches;
}

const BIRTHDAY_MIN_YEAR = 1900;

/** birthdayDay/Month/Year as Shopware takes them: all three or none; a real date in the past. 'YYYY-MM-DD' or null. */
function readBirthday(v: FormChecker, body: Record<string, unknown>): string | null | undefined {
  const parts = [body.birthdayDay, body.birthdayMonth, body.birthdayYear];
  if (parts.every((p) => p === undefined)) return undefined;
  if (parts.every((p) => p === undefined || p === null || p === '')) return null;
  const [day, month, year] = parts.map((p) => (typeof p === 'number' ? p : typeof p === 'string' && /^\d{1,4}$/.test(p.trim()) ? Number(p) : NaN)) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    Number.isInteger(day) && Number.isInteger(month) && Number.isInteger(year) && year >= BIRTHDAY_MIN_YEAR &&
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() <= Date.now();
  if (!valid) {
    v.violations.push({ pointer: '/birthdayDay', code: 'VIOLATION::INVALID_DATE_ERROR', detail: 'This value is not a valid date.', parameters: { '{{ value }}': shown(`${body.birthdayYear}-${body.birthdayMonth}-${body.birthdayDay}`) } });
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** POST /account/change-profile { firstName, lastName, salutationId?, title?, birthdayDay/Month/Year? }. */
export function changeProfile(ctx: SalesChannelContext, body: Record<string, unknown>): void {
  const customer = requireAccount(ctx);
  const v = new FormChecker();
  const firstName = v.text('/firstName', body.firstName, { required: true });
  const lastName = v.text('/lastName', body.lastName, { required: true });
  const salutationId = v.entity(ctx, '/salutationId', body.salutationId, 'salutation', 'SELECT 1 FROM salutation WHERE id = ?');
  const title = 'title' in body ? v.text('/title', body.title, { max: 100 }) : customer.title;
  const birthday = readBirthday(v, body);
  v.fail();
  prepared(ctx.db, 'UPDATE customer SET first_name = ?, last_name = ?, salutation_id = ?, title = ?, birthday = ?, updated_at = ? WHERE id = ?').run(
    firstName,
    lastName,
    'salutationId' in body ? (salutationId ?? SALUTATION_NOT_SPECIFIED_ID) : customer.salutation_id,
    title,
    birthday === undefined ? customer.birthday : birthday,
    new Date().toISOString(),
    customer.id,
  );
}

/**
 * POST /account/change-email { email, emailConfirmation, password }: violations /email (format,
 * VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE), /emailConfirmation (VIOLATION::EQUAL_TO_ERROR), /password
 * (VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT).
 */
export async function changeEmail(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null = null): Promise<void> {
  const customer = requireAccount(ctx);
  const v = new FormChecker();
  const email = v.email('/email', body.email);
  const confirmation = typeof body.emailConfirmation === 'string' ? body.emailConfirmation.trim().toLowerCase() : null;
  if (email !== null && confirmation !== email) v.violations.push(notEqual('/emailConfirmation', '/email'));
  if (email !== null && emailTakenByOther(ctx, email, customer.id)) v.violations.push(emailNotUnique(email));
  if (!(await currentPasswordMatches(ctx, customer, body.password, clientIp))) v.violations.push(passwordNotCorrect());
  v.fail();
  ctx.db.transaction(() => {
    if (emailTakenByOther(ctx, email!, customer.id)) throw StoreApiError.violations([emailNotUnique(email!)]);
    const now = new Date().toISOString();
    prepared(ctx.db, 'UPDATE customer SET email = ?, updated_at = ? WHERE id = ?').run(email, now, customer.id);
    // The customer's newsletter subscription follows the address, as in Shopware (unless the new address
    // already has a subscription of its own: then both stay as they are).
    prepared(ctx.db, 'UPDATE OR IGNORE newsletter_recipient SET email = ?, updated_at = ? WHERE customer_id = ?').run(email, now, customer.id);
    if (email!.toLowerCase() !== customer.email.toLowerCase()) queueEmailChangedMails(ctx.db, personOf(ctx, customer), customer.email, email!);
  })();
}

/** Who an account mail greets, in the language of the page the change was made on. */
function personOf(ctx: SalesChannelContext, customer: CustomerRow) {
  return { customerId: customer.id, languageId: ctx.languageId, firstName: customer.first_name, lastName: customer.last_name };
}

function emailTakenByOther(ctx: SalesChannelContext, email: string, customerId: string): boolean {
  return prepared(ctx.db, 'SELECT 1 FROM customer WHERE email = ? COLLATE NOCASE AND guest = 0 AND id <> ?').get(email, customerId) !== undefined;
}

function emailNotUnique(email: string): Violation {
  return { pointer: '/email', code: 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', detail: `The email address ${email} is already in use`, parameters: { '{{ email }}': email } };
}

/**
 * POST /account/change-password { password, newPassword, newPasswordConfirm }. On success the session gets a new
 * context token and stays logged in (6.7's ContextTokenResponse); the customer's other sessions are logged out.
 */
export async function changePassword(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null = null): Promise<void> {
  const customer = requireAccount(ctx);
  const v = new FormChecker();
  const newPassword = readNewPassword(v, '/newPassword', body.newPassword, { pointer: '/newPasswordConfirm', value: body.newPasswordConfirm });
  if (!(await currentPasswordMatches(ctx, customer, body.password, clientIp))) v.violations.push(passwordNotCorrect());
  v.fail();
  const passwordHash = await hashPassword(newPassword!);
  prepared(ctx.db, 'UPDATE customer SET password_hash = ?, updated_at = ? WHERE id = ?').run(passwordHash, new Date().toISOString(), customer.id);
  queuePasswordChangedMail(ctx.db, personOf(ctx, customer), customer.email);
  logoutOtherSessions(ctx, customer.id, ctx.token);
  switchSession(ctx, { customerId: customer.id, billingAddressId: ctx.payload.billingAddressId ?? null, shippingAddressId: ctx.payload.shippingAddressId ?? null });
}

/**
 * POST /account/change-payment-method/{paymentMethodId} (Shopware 6.6): the customer's default payment method and
 * this session's. The 6.7 way, PATCH /context { paymentMethodId }, stores the default too (routes/system.ts).
 */
export function changeDefaultPaymentMethod(ctx: SalesChannelContext, paymentMethodId: string): void {
  const customer = requireCustomer(ctx);
  const v = new FormChecker();
  const id = v.entity(ctx, '/paymentMethodId', paymentMethodId, 'payment_method', 'SELECT 1 FROM payment_method WHERE id = ? AND active = 1', { required: true });
  v.fail();
  storeDefaultPaymentMethod(ctx, customer.id, id!);
  saveContextPayload(ctx, { paymentMethodId: id! });
}

/** Remembers the method as the customer's default (accounts only; a guest has no next visit). */
export function storeDefaultPaymentMethod(ctx: SalesChannelContext, customerId: string, paymentMethodId: string): void {
  prepared(ctx.db, 'UPDATE customer SET default_payment_method_id = ?, updated_at = ? WHERE id = ? AND guest = 0').run(paymentMethodId, new Date().toISOString(), customerId);
}

/**
 * DELETE /account/address/{id}: 404 when not the customer's; 400 CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT for a default
 * billing or shipping address, CHECKOUT__CUSTOMER_ADDRESS_IS_ACTIVE for the one this session orders with.
 */
export function deleteAddress(ctx: SalesChannelContext, customer: CustomerRow, addressId: string): void {
  if (!isId(addressId) || !findAddress(ctx, customer.id, addressId)) {
    throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND', `Customer address with id "${addressId}" not found.`, { addressId });
  }
  if (customer.default_billing_address_id === addressId || customer.default_shipping_address_id === addressId) {
    throw StoreApiError.of(400, 'CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT', `Customer address with id "${addressId}" is a default address and cannot be deleted.`, { addressId });
  }
  const active = activeAddressIds(ctx, customer);
  if (active.billingAddressId === addressId || active.shippingAddressId === addressId) {
    throw StoreApiError.of(400, 'CHECKOUT__CUSTOMER_ADDRESS_IS_ACTIVE', `Customer address with id "${addressId}" is an active address and cannot be deleted.`, { addressId });
  }
  prepared(ctx.db, 'DELETE FROM customer_address WHERE id = ? AND customer_id = ?').run(addressId, customer.id);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
