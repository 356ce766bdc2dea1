import type { SalesChannelContext } from '../context';
import { activeAddressIds, customerAddresses, type AddressRow, type CustomerRow } from '../domain/customer';
import { loadCountries, loadCountryState, loadSalutations, type Json } from './system';

// Customer and CustomerAddress as Shopware's Store API serialises them (apiAlias customer / customer_address).
// The password hash and the double-opt-in hash never leave the database.

/** Country and salutation lookups shared by every address of one answer. */
export interface AddressLookups {
  countries: Map<string, Json>;
  salutations: Map<string, Json>;
}

export function addressLookups(ctx: SalesChannelContext): AddressLookups {
  return {
    countries: new Map(loadCountries(ctx).map((c) => [c.id as string, c])),
    salutations: new Map(loadSalutations(ctx).map((s) => [s.id as string, s])),
  };
}

/** The address fields Shopware's CustomerAddress and OrderAddress share. */
const ALL_ADDRESS_ASSOCIATIONS: ReadonlySet<'country' | 'countryState' | 'salutation'> = new Set(['country', 'countryState', 'salutation']);

export function addressFields(
  ctx: SalesChannelContext,
  lookups: AddressLookups,
  row: Omit<AddressRow, 'customer_id' | 'created_at' | 'updated_at'>,
  // a customer address loads all three (Shopware autoloads them); an order address only those asked for
  loaded: ReadonlySet<'country' | 'countryState' | 'salutation'> = ALL_ADDRESS_ASSOCIATIONS,
): Json {
  return {
    id: row.id,
    countryId: row.country_id,
    countryStateId: row.country_state_id,
    salutationId: row.salutation_id,
    firstName: row.first_name,
    lastName: row.last_name,
    zipcode: row.zipcode,
    city: row.city,
    company: row.company,
    street: row.street,
    department: row.department,
    title: row.title,
    phoneNumber: row.phone_number,
    additionalAddressLine1: row.additional_address_line1,
    additionalAddressLine2: row.additional_address_line2,
    customFields: null,
    country: loaded.has('country') ? (lookups.countries.get(row.country_id) ?? null) : null,
    countryState: loaded.has('countryState') && row.country_state_id ? loadCountryState(ctx, row.country_state_id) : null,
    salutation: loaded.has('salutation') && row.salutation_id ? (lookups.salutations.get(row.salutation_id) ?? null) : null,
  };
}

export function customerAddressJson(ctx: SalesChannelContext, lookups: AddressLookups, row: AddressRow, customer?: CustomerRow): Json {
  return {
    ...addressFields(ctx, lookups, row),
    customerId: row.customer_id,
    isDefaultBillingAddress: customer ? customer.default_billing_address_id === row.id : undefined,
    isDefaultShippingAddress: customer ? customer.default_shipping_address_id === row.id : undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    apiAlias: 'customer_address',
  };
}

/** POST /account/customer: the customer with default and active (this session's) addresses. */
export function customerJson(ctx: SalesChannelContext, customer: CustomerRow): Json {
  const lookups = addressLookups(ctx);
  const addresses = customerAddresses(ctx, customer.id);
  const byId = new Map(addresses.map((a) => [a.id, customerAddressJson(ctx, lookups, a, customer)]));
  const active = activeAddressIds(ctx, customer);
  const orderCount = ctx.db.prepare('SELECT COUNT(*) FROM "order" WHERE customer_id = ?').pluck().get(customer.id) as number;
  return {
    id: customer.id,
    groupId: customer.customer_group_id,
    salesChannelId: customer.sales_channel_id,
    languageId: customer.language_id,
    // The account's payment method (change-payment-method / PATCH /context): 6.6's defaultPaymentMethodId and
    // 6.7's lastPaymentMethodId carry the same id.
    defaultPaymentMethodId: customer.default_payment_method_id,
    lastPaymentMethodId: customer.default_payment_method_id,
    defaultBillingAddressId: customer.default_billing_address_id,
    defaultShippingAddressId: customer.default_shipping_address_id,
    customerNumber: customer.customer_number,
    salutationId: customer.salutation_id,
    firstName: customer.first_name,
    lastName: customer.last_name,
    email: customer.email,
    title: customer.title,
    accountType: customer.account_type === 'business' ? 'business' : 'private',
    company: customer.company,
    vatIds: [],
    affiliateCode: null,
    campaignCode: null,
    active: customer.active === 1,
    doubleOptInRegistration: customer.double_opt_in_registration === 1,
    doubleOptInEmailSentDate: customer.double_opt_in_email_sent_at,
    doubleOptInConfirmDate: customer.double_opt_in_confirmed_at,
    guest: customer.guest === 1,
    firstLogin: customer.first_login,
    lastLogin: customer.last_login,
    // Stored as YYYY-MM-DD; Shopware serialises its DateField as RFC 3339 with milliseconds at midnight UTC.
    birthday: customer.birthday ? `${customer.birthday.slice(0, 10)}T00:00:00.000+00:00` : null,
    orderCount,
    customFields: null,
    tagIds: null,
    requestedGroupId: customer.requested_customer_group_id ?? null,
    createdAt: customer.created_at,
    updatedAt: customer.updated_at,
    // Associations are answered when loaded; the group is not (as Shopware's CustomerRoute without criteria).
    group: null,
    salutation: customer.salutation_id ? (lookups.salutations.get(customer.salutation_id) ?? null) : null,
    defaultBillingAddress: customer.default_billing_address_id ? (byId.get(customer.default_billing_address_id) ?? null) : null,
    defaultShippingAddress: customer.default_shipping_address_id ? (byId.get(customer.default_shipping_address_id) ?? null) : null,
    activeBillingAddress: active.billingAddressId ? (byId.get(active.billingAddressId) ?? null) : null,
    activeShippingAddress: active.shippingAddressId ? (byId.get(active.shippingAddressId) ?? null) : null,
    addresses: [...byId.values()],
    apiAlias: 'customer',
  };
}
