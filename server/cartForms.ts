import { readFileSync, statSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { mediaTypeOf } from '../gateway/src/context';
import { provesShopOrigin, type ShopOrigins } from '../store-api/src/shop-origins';
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
    if (!provesShopOrigin(request, options.origins)) {
      options.logger.warn({ path: url.pathname, origin: request.headers.get('origin') }, 'cart form refused: not posted from the shop (CSRF)');
      return new Response(FOREIGN_FORM_REFUSAL[locale], { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-language': `${locale}-CH` } });
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

/** The answer to a form post that does not come from the shop's own pages (ADR 0022), in the page's language. */
const FOREIGN_FORM_REFUSAL: Record<(typeof LOCALES)[number], string> = {
  de: 'Abgelehnt: Dieses Formular kann nur von den Seiten des Shops gesendet werden. Öffnen Sie den Shop über seine Adresse und versuchen Sie es erneut.',
  it: 'Rifiutato: questo modulo può essere inviato solo dalle pagine del negozio. Aprite il negozio dal suo indirizzo e riprovate.',
  fr: 'Refusé : ce formulaire ne peut être envoyé que depuis les pages de la boutique. Ouvrez la boutique à son adresse et réessayez.',
};

function redirect(location: string, cookies: readonly string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
