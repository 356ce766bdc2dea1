import type { GatewayContext } from '../context';
import { grantOrderAccess, publicOriginOf } from '../plugins/session-cookies';
import { builder } from './builder';
import { cartHasDownloads, forgetCart, fulfilmentOf, readCart } from './cart';
import { AddressRef, forgetSessionCustomer, invoiceAllowedForCustomer, sessionCustomer } from './customer';
import { orderShape, OrderPayloadRef, type OrderPayloadShape, type ShopOrder } from './order';
import { forgetSalesChannelContext, PaymentMethodRef, ShippingMethodRef, type ShopwarePaymentMethod, type ShopwareShippingMethod } from './shop-context';
import { InputCheck, shopError, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// The checkout page (SPEC §2): methods, addresses and the rules the page must show before the order —
// and placing the order and paying for it. The rules themselves live in the Store API; the flags here
// only tell the page which controls it needs.

/** Methods by their position, then name: the order the shop set, whichever is chosen. */
export function inShopOrder<M extends { position?: number | null; name?: string | null; translated?: { name?: string | null } | null }>(methods: readonly M[]): M[] {
  const nameOf = (method: M) => method.translated?.name ?? method.name ?? '';
  return [...methods].sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || nameOf(a).localeCompare(nameOf(b)));
}

const CheckoutRef = builder.objectRef<Record<string, never>>('Checkout').implement({
  description: 'Everything the checkout page needs besides the cart.',
  fields: (t) => ({
    shippingMethods: t.field({
      type: [ShippingMethodRef],
      description: 'The shipping methods available for this cart, in the shop’s order.',
      resolve: async (_c, _args, ctx) => {
        const result = await ctx.store().invoke('readShippingMethod post /shipping-method', { query: { onlyAvailable: true }, body: { limit: 100 } });
        return ((result as { elements?: ShopwareShippingMethod[] }).elements ?? []).slice(0, 100);
      },
    }),
    paymentMethods: t.field({
      type: [PaymentMethodRef],
      description: 'The payment methods available for this cart, in the shop’s order (by position: choosing one never moves it).',
      resolve: async (_c, _args, ctx) => {
        const result = await ctx.store().invoke('readPaymentMethod post /payment-method', { query: { onlyAvailable: true }, body: { limit: 100 } });
        // Shopware lists the context's method first; a radio group that reorders under the keyboard loses its place.
        return inShopOrder((result as { elements?: ShopwarePaymentMethod[] }).elements ?? []).slice(0, 100);
      },
    }),
    requiresPharmacy: t.boolean({
      description: 'Whether a pharmacy must be chosen (the cart is Click & Collect).',
      resolve: async (_c, _args, ctx) => fulfilmentOf(await readCart(ctx)) === 'CLICK_AND_COLLECT',
    }),
    requiresDownloadWaiver: t.boolean({
      description: 'Whether the download waiver checkbox must be ticked (the cart has downloads).',
      resolve: async (_c, _args, ctx) => cartHasDownloads(await readCart(ctx)),
    }),
    invoiceAllowed: t.boolean({
      description: 'Whether invoice payment is possible (billing address = shipping address).',
      resolve: async (_c, _args, ctx) => invoiceAllowedForCustomer(await sessionCustomer(ctx)),
    }),
    billingAddress: t.field({
      type: AddressRef,
      nullable: true,
      description: 'The billing address of the session (null without a customer).',
      resolve: async (_c, _args, ctx) => {
        const customer = await sessionCustomer(ctx);
        return customer?.activeBillingAddress ?? customer?.defaultBillingAddress ?? null;
      },
    }),
    shippingAddress: t.field({
      type: AddressRef,
      nullable: true,
      description: 'The shipping address of the session (null without a customer).',
      resolve: async (_c, _args, ctx) => {
        const customer = await sessionCustomer(ctx);
        return customer?.activeShippingAddress ?? customer?.defaultShippingAddress ?? null;
      },
    }),
  }),
});

builder.queryField('checkout', (t) =>
  t.field({
    type: CheckoutRef,
    description: 'Everything the checkout page needs besides the cart.',
    resolve: () => ({}),
  }),
);

// ---- placing and paying --------------------------------------------------------------------------------

const PlaceOrderInput = builder.inputType('PlaceOrderInput', {
  description: 'The last step of the checkout.',
  fields: (t) => ({
    acceptedTerms: t.boolean({ required: true, description: 'The terms and conditions were accepted.' }),
    acceptedDownloadWaiver: t.boolean({
      required: false,
      defaultValue: false,
      description: 'The waiver of the right of withdrawal for digital content (required when the cart has downloads).',
    }),
    customerComment: t.string({ required: false, description: 'A note for the pharmacy (at most 1000 characters).' }),
    idempotencyKey: t.string({ required: true, description: 'Client-chosen key (uuid); the same key twice answers the first order (idempotency).' }),
  }),
});

const HandlePaymentInput = builder.inputType('HandlePaymentInput', {
  description: 'An order to pay; the gateway builds the return URLs (/checkout/success/{id}/paid|unpaid in the request’s locale).',
  fields: (t) => ({ orderId: t.id({ required: true, description: 'The Store API order id.' }) }),
});

interface HandlePaymentShape {
  redirectUrl: string | null;
  errors: ShopError[];
}

const HandlePaymentPayloadRef = builder.objectRef<HandlePaymentShape>('HandlePaymentPayload').implement({
  description: 'Where to send the shopper to pay.',
  fields: (t) => ({
    redirectUrl: t.string({
      nullable: true,
      description: 'Where to send the shopper: the payment provider’s page for asynchronous methods; the paid page otherwise.',
      resolve: (p) => p.redirectUrl,
    }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const MAX_COMMENT_LENGTH = 1000;

/** The storefront path prefix of the request's language ('' German, '/it', '/fr'). */
function localePrefix(ctx: GatewayContext): string {
  return ctx.locale === 'de' ? '' : `/${ctx.locale}`;
}

/** A URL on our own origin becomes a path, so the storefront navigates inside the shop. */
export function relativeToOrigin(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString();
  } catch {
    return url;
  }
}

/**
 * The return pages of a payment. The embedded Store API gets paths: its provider page sends the browser
 * back on whatever host it came from, so the session cookie comes along even when the shopper uses another
 * name for the server than PUBLIC_ORIGIN (127.0.0.1 for localhost). A remote Shopware's payment plugins
 * hand the URLs to an outside provider, which needs them absolute on the shop's public origin.
 */
export function paymentReturnUrls(ctx: GatewayContext, orderId: string): { finishUrl: string; errorUrl: string } {
  const origin = ctx.config.storeApiUrl ? publicOriginOf(ctx) : '';
  const base = `${origin}${localePrefix(ctx)}/checkout/success/${orderId}`;
  return { finishUrl: `${base}/paid`, errorUrl: `${base}/unpaid` };
}

builder.mutationFields((t) => ({
  placeOrder: t.field({
    type: OrderPayloadRef,
    description: 'Places the order from the cart (POST /checkout/order); the same idempotencyKey twice answers the first order.',
    args: { input: t.arg({ type: PlaceOrderInput, required: true, description: 'Terms, waiver, comment and the idempotency key.' }) },
    resolve: async (_root, { input }, ctx): Promise<OrderPayloadShape> => {
      try {
        const check = new InputCheck(ctx.locale);
        const key = (input.idempotencyKey ?? '').trim();
        if (!IDEMPOTENCY_KEY.test(key)) check.problem('idempotencyKey', 'id');
        const customerComment = check.text('customerComment', input.customerComment, { max: MAX_COMMENT_LENGTH, optional: true });
        check.done();
        // Shopware's order route checks neither the terms nor the waiver (its storefront does): the gateway does (ADR 0027).
        if (!input.acceptedTerms) return { order: null, errors: [shopError(ctx.locale, 'TERMS_NOT_ACCEPTED', 'acceptedTerms')] };
        if (!input.acceptedDownloadWaiver && cartHasDownloads(await readCart(ctx))) {
          return { order: null, errors: [shopError(ctx.locale, 'DOWNLOAD_WAIVER_REQUIRED', 'acceptedDownloadWaiver')] };
        }
        const order = (await ctx.store().invoke('createOrder post /checkout/order', {
          body: { tos: true, downloadWaiver: input.acceptedDownloadWaiver === true, ...(customerComment ? { customerComment } : {}) },
          headers: { 'Idempotency-Key': key },
        })) as unknown as ShopOrder;
        if (order.deepLinkCode) {
          const billing = order.billingAddress ?? order.addresses?.find((a) => a.id === order.billingAddressId);
          grantOrderAccess(ctx, { orderId: order.id, deepLinkCode: order.deepLinkCode, email: order.orderCustomer?.email ?? null, zipcode: billing?.zipcode ?? null });
        }
        // the Store API deleted the cart with the order
        forgetCart(ctx);
        forgetSalesChannelContext(ctx);
        forgetSessionCustomer(ctx);
        return { order: orderShape(ctx, order), errors: [] };
      } catch (error) {
        // Only guest orders are limited (per address and e-mail): a 429 here says so.
        return { order: null, errors: shopErrorsOf(ctx, error, { tooMany: 'TOO_MANY_ORDERS' }) };
      }
    },
  }),
  handlePayment: t.field({
    type: HandlePaymentPayloadRef,
    description: 'Starts the payment of an order: the provider’s page for asynchronous methods, else the paid page.',
    args: { input: t.arg({ type: HandlePaymentInput, required: true, description: 'The order to pay.' }) },
    resolve: async (_root, { input }, ctx): Promise<HandlePaymentShape> => {
      try {
        const check = new InputCheck(ctx.locale);
        const orderId = check.id('orderId', input.orderId);
        check.done();
        const { finishUrl, errorUrl } = paymentReturnUrls(ctx, orderId!);
        const answer = await ctx.store().invoke('handlePaymentMethodGet get /handle-payment', { query: { orderId: orderId!, finishUrl, errorUrl } });
        const redirectUrl = (answer as { redirectUrl?: string | null } | undefined)?.redirectUrl || finishUrl;
        return { redirectUrl: relativeToOrigin(redirectUrl, publicOriginOf(ctx)), errors: [] };
      } catch (error) {
        return { redirectUrl: null, errors: shopErrorsOf(ctx, error, { notFound: 'ORDER_NOT_FOUND', otherwise: 'PAYMENT_NOT_CHANGEABLE' }) };
      }
    },
  }),
}));
