import { readFileSync, statSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { mediaTypeOf } from '../gateway/src/context';
import { servedOverHttps } from '../gateway/src/plugins/session-cookies';
import type { Gateway } from '../gateway/src/yoga';
import { cartHintCookie } from '../storefront/cart/cartHint';
import { addToCartRequest, cartRedirectSearch, isShopwareId, parseQuantity } from '../storefront/cart/cartRules';
import { LOCALES, localizedPath, localePrefix, splitLocalePath } from '../storefront/i18n/locales';
import type { GraphQLPayload } from '../storefront/relay/gatewayFetch';
import { gatewayRequestBody, PAGE_LOCALE_HEADER } from '../storefront/relay/gatewayFetch';

/** Request headers the in-process mutation carries over from the shopper's form post (as page renders do). */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto'];

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

/**
 * CSRF: a cart form changes the shopper's cart with their session cookie, so it is accepted only from
 * the shop's own pages — the browser's Origin header (or, when a browser leaves it out, the Referer's
 * origin) must be the shop's. Behind a TLS proxy the shop's origin is https while the request reached us
 * over http: the forwarded protocol, SHOP_HOST and PUBLIC_ORIGIN count as the shop's own too.
 */
export function isSameOriginPost(request: Request, env: { SHOP_HOST?: string; PUBLIC_ORIGIN?: string } = {}): boolean {
  const url = new URL(request.url);
  const allowed = new Set([url.origin]);
  const forwardedProto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwardedProto === 'https' || forwardedProto === 'http') allowed.add(`${forwardedProto}://${url.host}`);
  if (env.SHOP_HOST) allowed.add(`https://${env.SHOP_HOST.toLowerCase()}`);
  if (env.PUBLIC_ORIGIN) {
    try {
      allowed.add(new URL(env.PUBLIC_ORIGIN).origin);
    } catch {
      // a bad PUBLIC_ORIGIN is reported where the server starts; it allows nothing here
    }
  }
  const origin = request.headers.get('origin');
  if (origin !== null) return allowed.has(origin.toLowerCase());
  const referer = request.headers.get('referer');
  if (!referer) return false;
  try {
    return allowed.has(new URL(referer).origin);
  } catch {
    return false;
  }
}

/**
 * The persisted operations by name, read from relay-compiler's persisted_queries.json ({sha256: text}),
 * again when the file changes (a rebuild while the server runs). The generated artifacts themselves are
 * not imported here: they are written for the bundler (type-only imports without `type`).
 */
export function persistedOperationsByName(file: string): (name: string) => { id: string; text: string } | undefined {
  let byName = new Map<string, { id: string; text: string }>();
  let loadedAt = -1;
  return (name) => {
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime !== loadedAt) {
        const operations = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        byName = new Map();
        for (const [id, text] of Object.entries(operations)) {
          const operationName = /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(text)?.[1];
          if (operationName) byName.set(operationName, { id, text });
        }
        loadedAt = mtime;
      }
    } catch {
      // no file (relay-compiler never ran): every form answers "unavailable" and the log says why
    }
    return byName.get(name);
  };
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
  options: { gateway: Gateway; logger: Logger; env?: NodeJS.ProcessEnv; persistedQueriesFile?: string },
): void {
  const env = options.env ?? process.env;
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
    if (!isSameOriginPost(request, { SHOP_HOST: env.SHOP_HOST, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN })) {
      options.logger.warn({ path: url.pathname, origin: request.headers.get('origin') }, 'cart form refused: not posted from the shop (CSRF)');
      return new Response('Refused: this form must be sent from the shop’s own pages.', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    const body = mediaTypeOf(request) === 'application/x-www-form-urlencoded' ? await request.text() : '';
    if (body.length > MAX_FORM_BYTES) return new Response('Form too large', { status: 413 });
    const form = read(new URLSearchParams(body));
    if (!form.ok) return redirect(cartPath + cartRedirectSearch({ error: form.error }), []);

    const { change } = form;
    const persisted = operation(change.mutation);
    if (!persisted) {
      options.logger.error({ operation: change.mutation }, 'cart form: the mutation is not in persisted_queries.json (run relay-compiler)');
      return redirect(cartPath + cartRedirectSearch({ error: 'UNAVAILABLE' }), []);
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
    if (!payload) return redirect(cartPath + cartRedirectSearch({ error: 'UNAVAILABLE' }), cookies);
    if (typeof payload.cart?.productCount === 'number') cookies.push(cartHintCookie(payload.cart.productCount, { secure: servedOverHttps(request) }));
    const refusal = payload.errors?.[0];
    if (!refusal) return redirect(cartPath, cookies);
    if (refusal.code === 'FULFILMENT_CONFLICT' && change.addition) return redirect(cartPath + cartRedirectSearch({ conflict: change.addition }), cookies);
    return redirect(cartPath + cartRedirectSearch({ error: refusal.code }), cookies);
  }
}

function redirect(location: string, cookies: readonly string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
