import { getOperationAST, Kind, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { readCookie, sentContextToken, type GatewayContext } from '../context';

/** SPEC §7 and §9: the session cookies last 365 days, path /, SameSite Lax. */
export const SESSION_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether the browser reached us over https: Secure cookies, and HSTS (server/securityHeaders.ts). */
export function servedOverHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  // Behind a TLS-terminating proxy. Trusting it can only make the cookie stricter, never weaker.
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The origin browsers reach the shop at: the configured public origin (PUBLIC_ORIGIN, the one the servers hand the
 * embedded Store API as its origin). Used for links the Store API puts into mails (registration) and for the payment
 * return URLs, which the Store API only accepts on its configured domains. Never taken from the request's Host or
 * forwarded headers a client could set (ADR 0022).
 */
export function publicOriginOf(ctx: GatewayContext): string {
  return ctx.config.publicOrigin;
}

// ---- guest order access --------------------------------------------------------------------------------

/**
 * HttpOnly cookie with the last orders a browser placed as a guest. Each entry is
 * `orderId:deepLinkCode[:credentials]`, credentials being base64url JSON [email, billing zipcode]: the
 * Store API (like Shopware's guest authentication) shows an order by its deepLinkCode only with them.
 */
export const ORDER_ACCESS_COOKIE = 'shop-order-access';
/** How many orders the cookie remembers (the newest first). */
export const ORDER_ACCESS_LIMIT = 5;
/** Long enough to come back from the payment provider or a retry a few days later. */
const ORDER_ACCESS_MAX_AGE = 30 * 24 * 60 * 60;

const ORDER_ACCESS_ENTRY = /^([0-9a-f]{32}):([A-Za-z0-9_-]{1,128})(?::([A-Za-z0-9_-]{1,700}))?$/;

export interface OrderAccess {
  orderId: string;
  deepLinkCode: string;
  /** the order's email and billing zipcode, for the Store API's guest authentication */
  email: string | null;
  zipcode: string | null;
}

function credentialsOf(encoded: string | undefined): { email: string | null; zipcode: string | null } {
  if (!encoded) return { email: null, zipcode: null };
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') return { email: value[0], zipcode: value[1] };
  } catch {
    // a damaged entry still grants what its deepLinkCode grants
  }
  return { email: null, zipcode: null };
}

function entryOf(access: OrderAccess): string {
  const credentials = access.email && access.zipcode ? `:${Buffer.from(JSON.stringify([access.email, access.zipcode])).toString('base64url')}` : '';
  return `${access.orderId}:${access.deepLinkCode}${credentials}`;
}

/** The order access entries the browser sent (malformed entries are ignored). */
export function orderAccessOf(cookieHeader: string | null): OrderAccess[] {
  const raw = readCookie(cookieHeader, ORDER_ACCESS_COOKIE);
  if (!raw) return [];
  return raw
    .split(',')
    .flatMap((entry) => {
      const match = ORDER_ACCESS_ENTRY.exec(entry.trim());
      return match ? [{ orderId: match[1]!, deepLinkCode: match[2]!, ...credentialsOf(match[3]) }] : [];
    })
    .slice(0, ORDER_ACCESS_LIMIT);
}

const grantedAccess = new WeakMap<GatewayContext, OrderAccess[]>();

function requestOf(ctx: GatewayContext): Request | undefined {
  return (ctx as GatewayContext & { request?: Request }).request;
}

/** What this browser holds to read an order without its guest in the session (cookie, or granted in this request). */
export function orderAccessFor(ctx: GatewayContext, orderId: string): OrderAccess | null {
  const granted = grantedAccess.get(ctx)?.find((entry) => entry.orderId === orderId);
  if (granted) return granted;
  return orderAccessOf(requestOf(ctx)?.headers.get('cookie') ?? null).find((entry) => entry.orderId === orderId) ?? null;
}

/** After a placed order: the browser may read it again later even when its session no longer holds the guest. */
export function grantOrderAccess(ctx: GatewayContext, access: OrderAccess): void {
  if (!ORDER_ACCESS_ENTRY.test(`${access.orderId}:${access.deepLinkCode}`)) return;
  const list = grantedAccess.get(ctx) ?? [];
  grantedAccess.set(ctx, [access, ...list.filter((entry) => entry.orderId !== access.orderId)]);
}

function orderAccessCookie(ctx: GatewayContext, request: Request): string | null {
  const granted = grantedAccess.get(ctx);
  if (!granted || granted.length === 0) return null;
  const sent = orderAccessOf(request.headers.get('cookie'));
  const merged = [...granted, ...sent.filter((entry) => !granted.some((g) => g.orderId === entry.orderId))].slice(0, ORDER_ACCESS_LIMIT);
  return [
    `${ORDER_ACCESS_COOKIE}=${encodeURIComponent(merged.map(entryOf).join(','))}`,
    `Max-Age=${ORDER_ACCESS_MAX_AGE}`,
    'Path=/',
    'SameSite=Lax',
    'HttpOnly',
    ...(servedOverHttps(request) ? ['Secure'] : []),
  ].join('; ');
}

function cookie(name: string, value: string, attributes: string[]): string {
  return [`${name}=${encodeURIComponent(value)}`, `Max-Age=${SESSION_COOKIE_MAX_AGE}`, 'Path=/', 'SameSite=Lax', ...attributes].join('; ');
}

// ---- the guest marker -----------------------------------------------------------------------------------

/**
 * HttpOnly cookie `shop-guest=1` beside a session that the gateway knows has no customer (ADR 0019): the
 * session began with one of GUEST_MUTATIONS (a browser's first add to cart, newsletter, contact …). The
 * storefront's catalogue pages do not depend on the cart (the header asks for its count after hydration), so
 * the page cache serves such a guest the page every anonymous visitor gets. Any other mutation (login,
 * registration, checkout, a pharmacy or insurer choice) removes the marker for good: that session renders its
 * own pages from then on. Without the marker nothing is assumed, so a session opened before the marker
 * existed renders too. A forged marker gains nothing: the cache only ever holds the anonymous pages.
 */
export const GUEST_COOKIE = 'shop-guest';

/**
 * Mutations after which a session still sees the catalogue exactly as an anonymous visitor does. Not here, so
 * they end the mark: login, registration and checkout (a customer, perhaps of another price group), a pharmacy or
 * insurer choice (availability, discounts), a poll vote (the poll then shows this visitor's answer).
 */
const GUEST_MUTATIONS: ReadonlySet<string> = new Set([
  'addToCart',
  'updateCartItem',
  'removeCartItem',
  'replaceCart',
  'applyPromotionCode',
  'subscribeNewsletter',
  'confirmNewsletter',
  'unsubscribeNewsletter',
  'sendContactForm',
  'enterContest',
  'requestPasswordRecovery',
  'resendRegistrationConfirmation',
]);

function guestCookie(value: '1' | '', maxAge: number, request: Request): string {
  return [`${GUEST_COOKIE}=${value}`, `Max-Age=${maxAge}`, 'Path=/', 'SameSite=Lax', 'HttpOnly', ...(servedOverHttps(request) ? ['Secure'] : [])].join('; ');
}

/**
 * Writes the shopper's Store API session back to the browser: `sw-context-token` (HttpOnly: scripts never
 * need it; Secure over https) when the Store API issued or refreshed a token, and `sw-language-id` beside
 * it (readable, the storefront's language switch may look at it), also when a browser's language cookie is
 * missing or unknown and the gateway fell back. Other channels get the token in the `sw-context-token`
 * response header, as from the Store API itself. After a guest's order, `shop-order-access` (HttpOnly) keeps
 * the order's deepLinkCode, so the success and payment pages can read the order after the session changed.
 *
 * Pure browsing opens no session (ADR 0011): the Store API answers every call with a token, but a NEW
 * token reaches the browser only from a mutation (add to cart, login, register …). A query from a
 * browser without a session writes no cookie and no token header — its answer is the same for every
 * anonymous visitor, which is what lets the storefront cache anonymous catalogue pages. A session the
 * browser already has is still refreshed when its token changes, whatever the operation.
 */
export function useSessionCookies(contextOf: (request: Request) => GatewayContext | undefined): Plugin {
  // The root fields of the mutation a request executed (keyed by the request: one operation per request, no batching).
  const mutations = new WeakMap<Request, readonly string[]>();
  return {
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      const fields = request ? mutationFields(args.document, args.operationName) : null;
      if (request && fields) mutations.set(request, fields);
    },
    onResponse({ request, response }) {
      const ctx = contextOf(request);
      if (!ctx) return;
      const cookies = request.headers.get('cookie');
      const sentToken = sentContextToken(request) ?? null;
      const token = ctx.session.contextToken;
      // A new session only from a mutation; an existing one is refreshed whenever its token changed.
      const tokenChanged = token !== null && token !== sentToken && (sentToken !== null || mutations.has(request));
      const sentLanguage = readCookie(cookies, 'sw-language-id');
      // A browser session (token cookie) whose language cookie is missing or names a language the shop
      // does not have gets the language the gateway actually used.
      const browserSession = readCookie(cookies, 'sw-context-token') !== undefined;
      const languageStale = sentLanguage !== ctx.languageId && (sentLanguage !== undefined || browserSession);
      const mutation = mutations.get(request);
      const guestMutation = mutation !== undefined && mutation.every((field) => GUEST_MUTATIONS.has(field));
      if (tokenChanged) {
        response.headers.set('sw-context-token', token);
        response.headers.append('set-cookie', cookie('sw-context-token', token, ['HttpOnly', ...(servedOverHttps(request) ? ['Secure'] : [])]));
        // a session that a guest's mutation opened has no customer
        if (sentToken === null && guestMutation) response.headers.append('set-cookie', guestCookie('1', SESSION_COOKIE_MAX_AGE, request));
      }
      if (mutation !== undefined && !guestMutation && readCookie(cookies, GUEST_COOKIE) !== undefined) {
        response.headers.append('set-cookie', guestCookie('', 0, request));
      }
      if (tokenChanged || languageStale) {
        response.headers.append('set-cookie', cookie('sw-language-id', ctx.languageId, servedOverHttps(request) ? ['Secure'] : []));
      }
      const orderAccess = orderAccessCookie(ctx, request);
      if (orderAccess) response.headers.append('set-cookie', orderAccess);
    },
  };
}

/** The root fields (not aliases) of the operation when it is a mutation; null for a query or an unknown operation. */
function mutationFields(document: DocumentNode, operationName: string | null | undefined): string[] | null {
  try {
    const operation = getOperationAST(document, operationName ?? undefined);
    if (operation?.operation !== 'mutation') return null;
    // a fragment spread at the root is no field this list knows: never a guest's mutation
    return operation.selectionSet.selections.map((selection) => (selection.kind === Kind.FIELD ? selection.name.value : '…'));
  } catch {
    return null;
  }
}
