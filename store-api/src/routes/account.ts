import type { StoreApiApp } from '../app';
import { saveContextPayload } from '../context';
import {
  authenticate,
  changeDefaultPaymentMethod,
  changeEmail,
  changePassword,
  changeProfile,
  confirmRegistration,
  createAddress,
  customerAddresses,
  deleteAddress,
  findAddress,
  findCustomer,
  registerCustomer,
  requireCustomer,
  resendRegistrationMail,
  switchSession,
  updateAddress,
} from '../domain/customer';
import { clientIpOf } from '../domain/rate-limit';
import { checkRecoveryHash, confirmRecovery, requestRecovery } from '../domain/recovery';
import { addressLookups, customerAddressJson, customerJson } from '../entities/customer';
import { registrationCustomerGroupJson } from '../entities/system';
import { StoreApiError } from '../errors';
import { readBody } from '../request';

// Customer accounts as the checkout needs them: register (guest or account), register-confirm, login, logout,
// customer, addresses. Every change of who is logged in gives the session a new sw-context-token (the app's
// middleware answers ctx.token), and the cart moves with the shopper.
// Issue 6: the account area (change-profile, change-email, change-password, change-payment-method, address
// removal), password recovery, and login rate limits per account and client address (domain/rate-limit.ts).

const SUCCESS = { success: true, apiAlias: 'array_struct' } as const;

export function registerAccountRoutes(app: StoreApiApp): void {
  // A customer group's registration page (Shopware's CustomerGroupRegistrationSettingsRoute): only while it is open.
  app.on(['GET', 'POST'], '/customer-group-registration/config/:customerGroupId', (c) => {
    const id = c.req.param('customerGroupId');
    const group = /^[0-9a-f]{32}$/.test(id) ? registrationCustomerGroupJson(c.get('ctx'), id) : null;
    if (!group) throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_GROUP_REGISTRATION_NOT_FOUND', `Customer group registration for id ${id} not found`, { customerGroupId: id });
    return c.json(group);
  });

  app.post('/account/register', async (c) => {
    const ctx = c.get('ctx');
    const registration = await registerCustomer(ctx, c.get('deps').config, await readBody(c), clientIpOf(c));
    // Guests and active accounts are logged in at once. An account waiting for its confirmation link is not
    // logged in for the account area (it cannot log in until confirmed), but the session keeps it as the
    // customer of the checkout in progress so the order can be placed (shop rule, STOREAPI.md).
    switchSession(ctx, registration);
    const customer = findCustomer(ctx, registration.customerId)!;
    return c.json(customerJson(ctx, customer));
  });

  app.post('/account/register-confirm', async (c) => {
    const ctx = c.get('ctx');
    const customer = confirmRegistration(ctx, await readBody(c));
    switchSession(ctx, { customerId: customer.id, billingAddressId: customer.default_billing_address_id, shippingAddressId: customer.default_shipping_address_id });
    return c.json(customerJson(ctx, customer));
  });

  // The shop's extension: the registration link again, for a shopper told at login to confirm the e-mail first.
  app.post('/account/register/resend', async (c) => {
    resendRegistrationMail(c.get('ctx'), await readBody(c), clientIpOf(c));
    return c.json(SUCCESS);
  });

  app.post('/account/login', async (c) => {
    const ctx = c.get('ctx');
    const customer = await authenticate(ctx, await readBody(c), clientIpOf(c));
    switchSession(ctx, { customerId: customer.id, billingAddressId: customer.default_billing_address_id, shippingAddressId: customer.default_shipping_address_id });
    return c.json({ redirectUrl: null, apiAlias: 'array_struct' });
  });

  app.post('/account/logout', (c) => {
    const ctx = c.get('ctx');
    requireCustomer(ctx);
    switchSession(ctx, { customerId: null });
    return c.json({ redirectUrl: null, apiAlias: 'array_struct' });
  });

  app.on(['GET', 'POST'], '/account/customer', (c) => {
    const ctx = c.get('ctx');
    return c.json(customerJson(ctx, requireCustomer(ctx)));
  });

  app.post('/account/change-profile', async (c) => {
    changeProfile(c.get('ctx'), await readBody(c));
    return c.json(SUCCESS);
  });

  app.post('/account/change-email', async (c) => {
    await changeEmail(c.get('ctx'), await readBody(c), clientIpOf(c));
    return c.json(SUCCESS);
  });

  // 6.7 answers a ContextTokenResponse: the new token in the header, the session still logged in.
  app.post('/account/change-password', async (c) => {
    await changePassword(c.get('ctx'), await readBody(c), clientIpOf(c));
    return c.json({ redirectUrl: null, apiAlias: 'array_struct' });
  });

  app.post('/account/recovery-password', async (c) => {
    requestRecovery(c.get('ctx'), await readBody(c), clientIpOf(c));
    return c.json(SUCCESS);
  });

  app.post('/account/recovery-password-confirm', async (c) => {
    await confirmRecovery(c.get('ctx'), await readBody(c));
    return c.json(SUCCESS);
  });

  // Shop extension: the reset page asks whether its link is still good before showing the form.
  app.post('/account/recovery-password/check', async (c) => {
    return c.json({ ...checkRecoveryHash(c.get('ctx'), await readBody(c)), apiAlias: 'account_recovery_check' });
  });

  // Shopware 6.6's route; in 6.7 PATCH /context { paymentMethodId } stores the default as well (routes/system.ts).
  app.post('/account/change-payment-method/:paymentMethodId', (c) => {
    changeDefaultPaymentMethod(c.get('ctx'), c.req.param('paymentMethodId'));
    return c.json(SUCCESS);
  });

  app.on(['GET', 'POST'], '/account/list-address', (c) => {
    const ctx = c.get('ctx');
    const customer = requireCustomer(ctx);
    const lookups = addressLookups(ctx);
    const elements = customerAddresses(ctx, customer.id).map((row) => customerAddressJson(ctx, lookups, row, customer));
    return c.json({
      entity: 'customer_address',
      total: elements.length,
      aggregations: [],
      page: 1,
      limit: null,
      elements,
      apiAlias: 'dal_entity_search_result',
    });
  });

  app.post('/account/address', async (c) => {
    const ctx = c.get('ctx');
    const customer = requireCustomer(ctx);
    const id = createAddress(ctx, customer, await readBody(c));
    return c.json(customerAddressJson(ctx, addressLookups(ctx), findAddress(ctx, customer.id, id)!, customer));
  });

  app.patch('/account/address/:addressId', async (c) => {
    const ctx = c.get('ctx');
    const customer = requireCustomer(ctx);
    const addressId = c.req.param('addressId');
    updateAddress(ctx, customer, addressId, await readBody(c));
    return c.json(customerAddressJson(ctx, addressLookups(ctx), findAddress(ctx, customer.id, addressId)!, findCustomer(ctx, customer.id)));
  });

  app.delete('/account/address/:addressId', (c) => {
    const ctx = c.get('ctx');
    deleteAddress(ctx, requireCustomer(ctx), c.req.param('addressId'));
    return c.body(null, 204);
  });

  // Default addresses; 204 as the core answers (ENDPOINTS.md §6.4).
  for (const kind of ['billing', 'shipping'] as const) {
    app.patch(`/account/address/default-${kind}/:addressId`, (c) => {
      const ctx = c.get('ctx');
      const customer = requireCustomer(ctx);
      const addressId = c.req.param('addressId');
      if (!findAddress(ctx, customer.id, addressId)) {
        throw StoreApiError.of(404, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND', `Customer address with id "${addressId}" not found.`, { addressId });
      }
      ctx.db.prepare(`UPDATE customer SET default_${kind}_address_id = ?, updated_at = ? WHERE id = ?`).run(addressId, new Date().toISOString(), customer.id);
      saveContextPayload(ctx, kind === 'billing' ? { billingAddressId: addressId } : { shippingAddressId: addressId });
      return c.body(null, 204);
    });
  }
}
