import type { Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { mediaTypeOf } from '../gateway/src/context';
import type { ShopOrigins } from '../store-api/src/shop-origins';
import { FORWARDED_HEADERS, foreignFormRefusal, persistedOperationsByName, seeOther } from './formPosts';
import { servedOverHttps } from '../gateway/src/plugins/session-cookies';
import type { Gateway } from '../gateway/src/yoga';
import { cartHintCookie } from '../storefront/features/cart/cartHint';
import { addToCartRequest, cartRedirectSearch, parseQuantity } from '../storefront/features/cart/cartRules';
import { isShopwareId } from '../storefront/platform/relay/shopwareId';
import { LOCALES, localizedPath, localePrefix, splitLocalePath } from '../storefront/platform/i18n/locales';
import type { GraphQLPayload } from '../storefront/platform/relay/gatewayFetch';
import { gatewayRequestBody, PAGE_LOCALE_HEADER } from '../storefront/platform/relay/gatewayFetch';

/** A cart form is a few short fields; anything larger is not one of ours. */
const MAX_FORM_BYTES = 4096;

/** The longest promotion code accepted (the form's maxLength). */
const CODE_MAX_LENGTH = 64;

/**
 * The storefront's own cart mutations (relay-compiler persists them; the hydrated pages send the same
 * ones), so a form and a click run one operation and the gateway could allow only persisted ids.
 */
type CartMutationName =
  | 'CartProviderAddToCartMutation'
  | 'CartProviderReplaceCartMutation'
  | 'CartPageViewUpdateItemMutation'
  | 'CartPageViewRemoveItemMutation'
  | 'CartPageViewApplyPromotionMutation';

/** One cart change a form asks for: the storefront's own mutation (by name) and its variables. */
export interface CartFormChange {
  mutation: CartMutationName;
  /** the payload's field in the answer (addToCart, updateCartItem, …) */
  field: string;
  variables: Record<string, unknown>;
  /** the product of an add, for the replace-or-cancel prompt when it conflicts */
  addition?: { productId: string; quantity: number };
}

export type CartFormRequest = { ok: true; change: CartFormChange } | { ok: false; error: 'INVALID_INPUT' };

const invalid: CartFormRequest = { ok: false, error: 'INVALID_INPUT' };

/** The add-to-cart form (listing cards, the add-to-cart page without JavaScript): productId, quantity. */
export function addToCartForm(fields: URLSearchParams, replace = false): CartFormRequest {
  const request = addToCartRequest(fields.get('productId'), fields.get('quantity'));
  if (!request.ok) return invalid;
  const { productId, quantity } = request;
  return {
    ok: true,
    change: replace
      ? { mutation: 'CartProviderReplaceCartMutation', field: 'replaceCart', variables: { input: { productId, quantity } }, addition: { productId, quantity } }
      : { mutation: 'CartProviderAddToCartMutation', field: 'addToCart', variables: { input: { productId, quantity } }, addition: { productId, quantity } },
  };
}

/** The cart page's forms: action=update (lineItemId, quantity; 0 removes), remove, promotion (code), replace. */
export function cartPageForm(fields: URLSearchParams): CartFormRequest {
  const action = fields.get('action');
  const lineItemId = fields.get('lineItemId') ?? '';
  switch (action) {
    case 'update': {
      const quantity = parseQuantity(fields.get('quantity'));
      if (!isShopwareId(lineItemId) || quantity === null) return invalid;
      return { ok: true, change: { mutation: 'CartPageViewUpdateItemMutation', field: 'updateCartItem', variables: { input: { lineItemId, quantity } } } };
    }
    case 'remove':
      if (!isShopwareId(lineItemId)) return invalid;
      return { ok: true, change: { mutation: 'CartPageViewRemoveItemMutation', field: 'removeCartItem', variables: { input: { lineItemId } } } };
    case 'promotion': {
      const code = (fields.get('code') ?? '').trim();
      if (code === '' || code.length > CODE_MAX_LENGTH) return invalid;
      return { ok: true, change: { mutation: 'CartPageViewApplyPromotionMutation', field: 'applyPromotionCode', variables: { input: { code } } } };
    }
    case 'replace':
      return addToCartForm(fields, true);
    default:
      return invalid;
  }
}

interface CartPayload {
  cart?: { productCount?: number } | null;
  errors?: Array<{ code: string; message: string }>;
}

/**
 * Mounts the no-JavaScript cart forms (SPEC: forms work without JavaScript where reasonable): POST
 * /checkout/add-to-cart and POST /checkout/cart in each language. Each runs the storefront's own
 * mutation in-process against the gateway with the shopper's cookies, passes the gateway's Set-Cookie on
 * and answers 303 to the cart (a refused change is named in the cart's URL: ?error=CODE, or
 * ?conflict=… for the replace-or-cancel prompt). Checkout pages are personal: never cached.
 */
export function mountCartForms(
  app: Hono,
  options: { gateway: Gateway; logger: Logger; origins: ShopOrigins; persistedQueriesFile?: string },
): void {
  const operation = persistedOperationsByName(options.persistedQueriesFile ?? 'persisted_queries.json');
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    app.post(`${prefix}/checkout/add-to-cart`, (c) => handle(c, (fields) => addToCartForm(fields)));
    app.post(`${prefix}/checkout/cart`, (c) => handle(c, cartPageForm));
    for (const path of [`${prefix}/checkout`, `${prefix}/checkout/*`]) {
      app.use(path, async (c, next) => {
        await next();
        if (c.req.method === 'GET' && c.res.status < 300) c.res.headers.set('cache-control', 'private, no-store');
      });
    }
  }

  async function handle(c: Context, read: (fields: URLSearchParams) => CartFormRequest): Promise<Response> {
    const request = c.req.raw;
    const url = new URL(request.url);
    const { locale } = splitLocalePath(url.pathname);
    const cartPath = localizedPath('/checkout/cart', locale);
    // CSRF (ADR 0022): a cart form changes the shopper's cart with their session cookie, so only the shop's own pages may send it.
    const foreign = foreignFormRefusal(request, options.origins, locale);
    if (foreign) {
      options.logger.warn({ path: url.pathname, origin: request.headers.get('origin') }, 'cart form refused: not posted from the shop (CSRF)');
      return foreign;
    }
    const body = mediaTypeOf(request) === 'application/x-www-form-urlencoded' ? await request.text() : '';
    if (body.length > MAX_FORM_BYTES) return new Response('Form too large', { status: 413 });
    const form = read(new URLSearchParams(body));
    if (!form.ok) return seeOther(cartPath + cartRedirectSearch({ error: form.error }), []);

    const { change } = form;
    const persisted = operation(change.mutation);
    if (!persisted) {
      options.logger.error({ operation: change.mutation }, 'cart form: the mutation is not in persisted_queries.json (run relay-compiler)');
      return seeOther(cartPath + cartRedirectSearch({ error: 'UNAVAILABLE' }), []);
    }
    const headers = new Headers({ 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' });
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set(PAGE_LOCALE_HEADER, splitLocalePath(url.pathname).locale);
    const cookies: string[] = [];
    let payload: CartPayload | null = null;
    try {
      const answer = await options.gateway.fetch(
        new Request(new URL('/graphql', url), {
          method: 'POST',
          headers,
          body: gatewayRequestBody({ id: persisted.id, text: persisted.text, variables: change.variables }),
        }),
      );
      cookies.push(...answer.headers.getSetCookie());
      const result = (await answer.json()) as GraphQLPayload;
      payload = (result.data?.[change.field] as CartPayload | null | undefined) ?? null;
    } catch (error) {
      options.logger.error({ err: error, path: url.pathname }, 'cart form: the gateway failed');
    }
    if (!payload) return seeOther(cartPath + cartRedirectSearch({ error: 'UNAVAILABLE' }), cookies);
    if (typeof payload.cart?.productCount === 'number') cookies.push(cartHintCookie(payload.cart.productCount, { secure: servedOverHttps(request) }));
    const refusal = payload.errors?.[0];
    if (!refusal) return seeOther(cartPath, cookies);
    if (refusal.code === 'FULFILMENT_CONFLICT' && change.addition) return seeOther(cartPath + cartRedirectSearch({ conflict: change.addition }), cookies);
    return seeOther(cartPath + cartRedirectSearch({ error: refusal.code }), cookies);
  }
}

