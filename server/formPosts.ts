import { readFileSync, statSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { mediaTypeOf } from '../gateway/src/context';
import { servedOverHttps } from '../gateway/src/plugins/session-cookies';
import type { Gateway } from '../gateway/src/yoga';
import {
  checkLoginForm,
  checkNewPassword,
  checkRecoveryRequest,
  checkRegisterForm,
  REGISTER_FIELD_ORDER,
  registerAccountInput,
  registerFormOf,
  RESEND_CONFIRMATION_FORM,
  RESENT_PARAMETER,
} from '../storefront/features/account/accountForms';
import type { ShopErrorData } from '../storefront/forms/checkoutForms';
import { checkContact, contactInputOf, CONTACT_SENT_PARAMETER, CONTACT_SENT_VALUE, EMPTY_CONTACT, type ContactValues } from '../storefront/features/content/contactFormFields';
import { checkNewsletter, EMPTY_NEWSLETTER, NEWSLETTER_FORM, NEWSLETTER_RESULT_PARAMETER, newsletterInputOf, type NewsletterResultValue } from '../storefront/features/newsletter/newsletterForm';
import type { PostedFormState } from '../storefront/forms/postedForm';
import { SERVICE_PAGES } from '../storefront/platform/i18n/contentPages';
import { LOCALES, localePrefix, localizedPath, splitLocalePath, type ShopLocale } from '../storefront/platform/i18n/locales';
import type { GraphQLPayload } from '../storefront/platform/relay/gatewayFetch';
import { gatewayRequestBody, multipartBody, PAGE_LOCALE_HEADER } from '../storefront/platform/relay/gatewayFetch';
import { safeRedirectTarget } from '../storefront/platform/security/safeRedirect';
import { customerHintCookie } from '../storefront/features/wishlist/customerHint';
import { isShopOrigin, provesShopOrigin, type ShopOrigins } from '../store-api/src/shop-origins';
import { ACCOUNT_FORM_POSTS } from './forms/account';
import { CHECKOUT_FORM_POSTS } from './forms/checkout';
import { CUSTOMER_GROUP_FORM_POSTS } from './forms/customer-group';
import { CONTENT_FORM_POSTS } from './forms/content';
import { REVIEW_FORM_POSTS } from './forms/reviews';
import { NO_FILES, readMultipartForm, type FormFiles } from './formUploads';
import { isReleaseFile } from './release/releases';

// The form kit's server half (ADR 0023): every shop form is a real <form method="post"> that works before and
// without the page's scripts. One definition per form names the storefront's own persisted mutation (the one the
// enhanced form sends), how the posted fields become its variables, and where the shopper goes after it. A refused
// post — a SPEC §5 check, or the gateway's errors — renders the same page again with what was sent (passwords
// never) and the same messages the enhanced form shows, in the page's language (422; 503 when the gateway failed).

/** Request headers the in-process mutation carries over from the shopper's form post (as page renders do). */
export const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto'];

/** A shop form (not an upload) is a few fields of text; anything larger is not one of ours. */
const MAX_FORM_BYTES = 16 * 1024;

/** The answer to a form post that does not come from the shop's own pages (ADR 0022), in the page's language. */
export const FOREIGN_FORM_REFUSAL: Record<ShopLocale, string> = {
  de: 'Abgelehnt: Dieses Formular kann nur von den Seiten des Shops gesendet werden. Öffnen Sie den Shop über seine Adresse und versuchen Sie es erneut.',
  it: 'Rifiutato: questo modulo può essere inviato solo dalle pagine del negozio. Aprite il negozio dal suo indirizzo e riprovate.',
  fr: 'Refusé : ce formulaire ne peut être envoyé que depuis les pages de la boutique. Ouvrez la boutique à son adresse et réessayez.',
};

/** 403 for a post from a foreign page, or null when the post proves it comes from the shop. */
export function foreignFormRefusal(request: Request, origins: ShopOrigins, locale: ShopLocale): Response | null {
  if (provesShopOrigin(request, origins)) return null;
  return new Response(FOREIGN_FORM_REFUSAL[locale], { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-language': `${locale}-CH` } });
}

/** 303 to `location` with the gateway's cookies: post/redirect/get. */
export function seeOther(location: string, cookies: readonly string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

export interface FormPostDefinition {
  /** the form's name: its hidden `_form` field and `data-form` attribute */
  form: string;
  /** the page the form is on, without the language prefix ('/login'); by language when its path is translated */
  path: string | Readonly<Record<ShopLocale, string>>;
  /** the storefront's own mutation, by its operation name (relay-compiler's persisted_queries.json) */
  mutation: string;
  /** the payload's field in the answer (`login` …) */
  field: string;
  /** the posted fields shown again after a refusal (never a password; files cannot be: browsers never refill them) */
  keep: readonly string[];
  /** the form sends files: multipart/form-data within the gateway's upload limits (server/formUploads.ts) */
  uploads?: true;
  /** a form of the account area: sent without a login (a guest's heart, a session that ended) it leads to the login and back */
  forCustomers?: true;
  /** posted to an address that only leads on (a product's /detail/{id}): a refusal is shown on the page it was posted from */
  refusedOnPostedPage?: true;
  /**
   * the form's SPEC §5 checks (the enhanced form's own), else the mutation's variables (`url`: the form's action) and,
   * for an upload form, its files by variable path as Relay's `uploadables` ("prescriptions.0"); `unchanged` when the
   * post asks for nothing (a setting saved as it was): no mutation, straight to `done` with an empty payload
   */
  read(
    fields: URLSearchParams,
    url: URL,
    files: FormFiles,
  ): { problems: Record<string, string> } | { variables: Record<string, unknown>; uploads?: Record<string, File> } | { unchanged: true };
  /**
   * where the shopper goes once the mutation succeeded (`url`: the form's action, with the page's own parameters;
   * `payload`: the mutation's answer; `after`: what it was sent, the page the form was on, `then`'s answer)
   */
  done(url: URL, locale: ShopLocale, redirectAllowList: readonly string[], payload: Record<string, unknown>, after: FormPostAfter): string;
  /**
   * A second mutation the enhanced page runs right after the first succeeded (an order placed, then its payment
   * started). Its refusal does not undo the first, so it never renders the form again: `done` decides from `next`.
   */
  then?: { mutation: string; field: string; variables(payload: Record<string, unknown>, url: URL): Record<string, unknown> };
}

/** What `done` may need besides the mutation's answer. */
export interface FormPostAfter {
  /** the variables the mutation was sent */
  variables: Record<string, unknown>;
  /** the shop page the form was on, by its Referer, else `fallback` */
  postedFrom(fallback: string): string;
  /** `then`'s answer: undefined without `then`, null when it failed */
  next?: Record<string, unknown> | null;
}

/** Everything the registration shows again after a refusal: all but the passwords. */
const REGISTER_KEPT_FIELDS = REGISTER_FIELD_ORDER.filter((field) => field !== 'password' && field !== 'passwordConfirmation');

/** The shop's forms handled without JavaScript (the cart's are server/cartForms.ts). */
export const FORM_POSTS: readonly FormPostDefinition[] = [
  {
    form: 'login',
    path: '/login',
    mutation: 'LoginFormMutation',
    field: 'login',
    keep: ['email'],
    read(fields) {
      const values = { email: fields.get('email') ?? '', password: fields.get('password') ?? '' };
      const problems = checkLoginForm(values);
      return Object.keys(problems).length ? { problems } : { variables: { input: { email: values.email.trim(), password: values.password } } };
    },
    // The page that sent the shopper to the login (its `redirect`), else the account (loginTargetOf's rule).
    done: (url, locale, allowList) => safeRedirectTarget(url.searchParams.get('redirect'), localizedPath('/account', locale), allowList),
  },
  {
    // Under a login refused with ACCOUNT_NOT_CONFIRMED: the registration link again, to the address just typed.
    form: RESEND_CONFIRMATION_FORM,
    path: '/login',
    mutation: 'ResendConfirmationFormMutation',
    field: 'resendRegistrationConfirmation',
    keep: ['email'],
    read(fields) {
      const email = fields.get('email') ?? '';
      const problems = checkRecoveryRequest(email);
      return Object.keys(problems).length ? { problems } : { variables: { input: { email: email.trim() } } };
    },
    // The login page saying the link went out, without the address: an e-mail address never travels in a URL.
    done: (_url, locale) => `${localizedPath('/login', locale)}?${RESENT_PARAMETER}=1`,
  },
  {
    form: 'password-recovery',
    path: '/reset-password',
    mutation: 'ResetPasswordFormMutation',
    field: 'requestPasswordRecovery',
    keep: ['email'],
    read(fields) {
      const email = fields.get('email') ?? '';
      const problems = checkRecoveryRequest(email);
      return Object.keys(problems).length ? { problems } : { variables: { input: { email: email.trim() } } };
    },
    // The confirmation, without the address: an e-mail address never travels in a URL (history, access logs).
    done: (_url, locale) => `${localizedPath('/reset-password', locale)}?sent=1`,
  },
  {
    form: 'new-password',
    path: '/account/recover',
    mutation: 'RecoverPasswordFormMutation',
    field: 'resetPassword',
    keep: [],
    read(fields, url) {
      const values = { newPassword: fields.get('newPassword') ?? '', newPasswordConfirm: fields.get('newPasswordConfirm') ?? '' };
      const problems = checkNewPassword(values);
      // The recovery link's hash travels in the form's action, as it came in the mail's link.
      return Object.keys(problems).length ? { problems } : { variables: { input: { hash: url.searchParams.get('hash') ?? '', ...values } } };
    },
    // The page's "password changed" view; the used hash stays out of the address.
    done: (_url, locale) => `${localizedPath('/account/recover', locale)}?done=1`,
  },
  {
    form: 'register',
    path: '/register',
    mutation: 'RegisterFormMutation',
    field: 'register',
    keep: REGISTER_KEPT_FIELDS,
    read(fields) {
      const values = registerFormOf(Object.fromEntries(REGISTER_FIELD_ORDER.map((name) => [name, fields.get(name) ?? undefined])));
      const problems = checkRegisterForm(values);
      return Object.keys(problems).length ? { problems } : { variables: { input: registerAccountInput(values) } };
    },
    // Double opt-in: the page says to open the mailed link, as the enhanced form does, without the address in the URL.
    done: (_url, locale) => `${localizedPath('/register', locale)}?registered=1`,
  },
  {
    // The contact page's form (/s/kontakt · /it/s/contatto · /fr/s/contact).
    form: 'contact',
    path: SERVICE_PAGES.contact,
    mutation: 'ContactFormMutation',
    field: 'sendContactForm',
    keep: Object.keys(EMPTY_CONTACT),
    read(fields) {
      const values: ContactValues = textFields(fields, EMPTY_CONTACT);
      const problems = checkContact(values) as Record<string, string>;
      return Object.keys(problems).length ? { problems } : { variables: { input: contactInputOf(values) } };
    },
    // The same page again, showing its confirmation instead of the form.
    done: (url) => `${url.pathname}?${CONTACT_SENT_PARAMETER}=${CONTACT_SENT_VALUE}`,
  },
  {
    // The footer's signup (on every page) and the form of /newsletter-subscribe both post here: a refusal is
    // shown in that page's form, where its heading says what it is about; the e-mail never goes into a URL.
    form: NEWSLETTER_FORM,
    path: '/newsletter-subscribe',
    mutation: 'NewsletterSignupMutation',
    field: 'subscribeNewsletter',
    keep: Object.keys(EMPTY_NEWSLETTER),
    read(fields) {
      const values = textFields(fields, EMPTY_NEWSLETTER);
      const problems = checkNewsletter(values) as Record<string, string>;
      return Object.keys(problems).length ? { problems } : { variables: { input: newsletterInputOf(values) } };
    },
    // The double opt-in's "check your mail" (or "already subscribed"), as the enhanced forms show it.
    done: (_url, locale, _allowList, payload) => {
      const result: NewsletterResultValue = payload.status === 'SUBSCRIBED' ? 'already' : 'pending';
      return `${localizedPath('/newsletter-subscribe', locale)}?${NEWSLETTER_RESULT_PARAMETER}=${result}`;
    },
  },
  // the forms of each shop area, defined beside it (server/forms/*.ts)
  ...CONTENT_FORM_POSTS,
  ...REVIEW_FORM_POSTS,
  ...ACCOUNT_FORM_POSTS,
  ...CHECKOUT_FORM_POSTS,
  ...CUSTOMER_GROUP_FORM_POSTS,
];

/** The posted text fields a form has (absent ones empty), by its empty values. */
export function textFields<V extends { [K in keyof V]: string }>(fields: URLSearchParams, empty: V): V {
  const values: Record<string, string> = {};
  for (const name of Object.keys(empty)) values[name] = fields.get(name) ?? '';
  return values as V;
}

/**
 * The shop page a form was posted from: the Referer's path when it is one of the shop's origins (the pages send their
 * full address to their own origin), checked as every redirect target is; else `fallback`.
 */
export function postedFromPage(request: Request, origins: ShopOrigins, fallback: string): string {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    return isShopOrigin(origins, referer.origin) ? safeRedirectTarget(`${referer.pathname}${referer.search}`, fallback) : fallback;
  } catch {
    return fallback;
  }
}

export function mountFormPosts(
  app: Hono,
  options: {
    gateway: Gateway;
    logger: Logger;
    origins: ShopOrigins;
    redirectAllowList: readonly string[];
    /** renders the form's page (GET) again with the refused post and the gateway's cookies */
    renderAgain: (c: Context, request: Request, formPost: PostedFormState, cookies: readonly string[]) => Promise<Response>;
    definitions?: readonly FormPostDefinition[];
    persistedQueriesFile?: string;
  },
): void {
  const operation = persistedOperationsByName(options.persistedQueriesFile ?? 'persisted_queries.json');
  // By the address each form posts to in each language: '/login', '/it/login' …, '/s/kontakt', '/it/s/contatto' …
  const byRoute = new Map<string, FormPostDefinition[]>();
  for (const definition of options.definitions ?? FORM_POSTS) {
    for (const locale of LOCALES) {
      const route = `${localePrefix(locale)}${typeof definition.path === 'string' ? definition.path : definition.path[locale]}`;
      byRoute.set(route, [...(byRoute.get(route) ?? []), definition]);
    }
  }
  for (const [route, definitions] of byRoute) app.post(route, (c) => handle(c, definitions));

  async function handle(c: Context, definitions: readonly FormPostDefinition[]): Promise<Response> {
    const request = c.req.raw;
    const url = new URL(request.url);
    const { locale } = splitLocalePath(url.pathname);
    const foreign = foreignFormRefusal(request, options.origins, locale);
    if (foreign) {
      options.logger.warn({ path: url.pathname, origin: request.headers.get('origin') }, 'form post refused: not posted from the shop (CSRF)');
      return foreign;
    }
    const posted = await readForm(request, definitions);
    if ('refusal' in posted) return posted.refusal;
    const { fields, files } = posted;
    const definition = definitions.find((candidate) => candidate.form === fields.get('_form')) ?? (definitions.length === 1 ? definitions[0] : undefined);
    if (!definition) return new Response('Unknown form', { status: 400 });
    if (files !== NO_FILES && !definition.uploads) return new Response('Unsupported form encoding', { status: 415 });
    const postedFrom = (fallback: string) => postedFromPage(request, options.origins, fallback);
    // The page is shown again as a GET of the same address (or of the page it was posted from), with the shopper's cookies.
    const shownAt = definition.refusedOnPostedPage ? new URL(postedFrom(`${url.pathname}${url.search}`), url) : url;
    const page = new Request(shownAt, { method: 'GET', headers: request.headers });
    const kept = Object.fromEntries(definition.keep.map((name) => [name, fields.get(name) ?? '']));
    const again = (answer: Pick<PostedFormState, 'problems' | 'errors'>, cookies: readonly string[] = []) =>
      options.renderAgain(c, page, { form: definition.form, values: kept, ...answer }, cookies);

    const read = definition.read(fields, url, files);
    if ('problems' in read) return again({ problems: read.problems, errors: [] });
    if ('unchanged' in read) return seeOther(definition.done(url, locale, options.redirectAllowList, {}, { variables: {}, postedFrom }), []);
    const first = await runMutation(request, url, locale, definition.mutation, definition.field, read.variables, read.uploads);
    // A form for customers sent without a login (a guest's wishlist heart, a session that ended): the login, then back.
    if (definition.forCustomers && first.errors?.some((error) => error.code === 'NOT_LOGGED_IN')) {
      return seeOther(`${localizedPath('/login', locale)}?redirect=${encodeURIComponent(postedFrom(`${url.pathname}${url.search}`))}`, first.cookies);
    }
    if (first.errors === null || first.errors.length > 0) return again({ problems: {}, errors: first.errors }, first.cookies);
    const after: FormPostAfter = { variables: read.variables, postedFrom };
    if (!definition.then) return seeOther(definition.done(url, locale, options.redirectAllowList, first.payload, after), first.cookies);
    // The second mutation runs with the session as the first left it (a new context token, an order's access).
    const next = await runMutation(withCookies(request, first.cookies), url, locale, definition.then.mutation, definition.then.field, definition.then.variables(first.payload, url));
    const target = definition.done(url, locale, options.redirectAllowList, first.payload, { ...after, next: next.errors === null ? null : next.payload });
    return seeOther(target, [...first.cookies, ...next.cookies]);
  }

  /** Runs a persisted mutation in process with the shopper's headers (and files); `errors` null when the gateway failed. */
  async function runMutation(request: Request, url: URL, locale: ShopLocale, mutation: string, field: string, variables: Record<string, unknown>, uploads?: Record<string, File>) {
    const cookies: string[] = [];
    let errors: ShopErrorData[] | null = null;
    let payload: Record<string, unknown> = {};
    const persisted = operation(mutation);
    if (!persisted) {
      options.logger.error({ operation: mutation }, 'form post: the mutation is not in persisted_queries.json (run relay-compiler)');
      return { cookies, errors, payload };
    }
    const headers = new Headers({ accept: 'application/graphql-response+json, application/json' });
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set(PAGE_LOCALE_HEADER, locale);
    const operationBody = { id: persisted.id, text: persisted.text, variables };
    let body: string | ArrayBuffer = gatewayRequestBody(operationBody);
    if (uploads && Object.keys(uploads).length > 0) {
      // The enhanced form's GraphQL multipart request, with its length: the gateway's upload limits require it.
      const multipart = new Response(multipartBody(operationBody, uploads));
      body = await multipart.arrayBuffer();
      headers.set('content-type', multipart.headers.get('content-type') ?? '');
      headers.set('content-length', String(body.byteLength));
      // The post has proved it comes from the shop (above), as the enhanced form's header does.
      headers.set('x-graphql-csrf', '1');
    } else headers.set('content-type', 'application/json');
    try {
      const answer = await options.gateway.fetch(new Request(new URL('/graphql', url), { method: 'POST', headers, body }));
      cookies.push(...answer.headers.getSetCookie());
      const result = (await answer.json()) as GraphQLPayload;
      const answered = result.data?.[field] as ({ errors?: ShopErrorData[] } & Record<string, unknown>) | null | undefined;
      if (answered) {
        payload = answered;
        errors = answered.errors ?? [];
        // A login or logout: the customer hint, as the enhanced page keeps it (the hearts without scripts read it).
        const loggedIn = (answered.viewer as { loggedIn?: unknown } | null | undefined)?.loggedIn;
        if (errors.length === 0 && typeof loggedIn === 'boolean') cookies.push(customerHintCookie(loggedIn, { secure: servedOverHttps(request) }));
      }
    } catch (error) {
      options.logger.error({ err: error, path: url.pathname, operation: mutation }, 'form post: the gateway failed');
    }
    return { cookies, errors, payload };
  }
}

/** A form post's fields (and files, where a form of its page takes uploads), or the refusal of its body. */
async function readForm(request: Request, definitions: readonly FormPostDefinition[]): Promise<{ fields: URLSearchParams; files: FormFiles } | { refusal: Response }> {
  const mediaType = mediaTypeOf(request);
  if (mediaType === 'multipart/form-data' && definitions.some((definition) => definition.uploads)) return readMultipartForm(request, MAX_FORM_BYTES);
  const fields = await readUrlEncodedForm(request);
  return fields instanceof Response ? { refusal: fields } : { fields, files: NO_FILES };
}

/** The fields of a form posted as a browser posts one without files, or the refusal of another encoding or size. */
export async function readUrlEncodedForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<URLSearchParams | Response> {
  if (mediaTypeOf(request) !== 'application/x-www-form-urlencoded') return new Response('Unsupported form encoding', { status: 415 });
  const body = await request.text();
  if (body.length > maxBytes) return new Response('Form too large', { status: 413 });
  return new URLSearchParams(body);
}

/** The request with the cookies a Set-Cookie answer gave (as the browser would send them next). */
function withCookies(request: Request, setCookies: readonly string[]): Request {
  if (setCookies.length === 0) return request;
  const jar = new Map<string, string>();
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const line of setCookies) {
    const pair = line.split(';', 1)[0]!;
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    // An expired cookie (a logout, a forgotten context) is gone for the next request.
    if (value === '' || /;\s*max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  const headers = new Headers(request.headers);
  headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
  return new Request(request.url, { method: request.method, headers });
}

/**
 * The persisted operations by name, read from relay-compiler's persisted_queries.json ({sha256: text}),
 * again when the file changes (a rebuild while the server runs). The generated artifacts themselves are
 * not imported here: they are written for the bundler (type-only imports without `type`).
 */
export function persistedOperationsByName(file: string): (name: string) => { id: string; text: string } | undefined {
  let byName = new Map<string, { id: string; text: string }>();
  let loadedAt = -1;
  // A release's file never changes (ADR 0026): read once, no look at its mtime per lookup.
  const fixed = isReleaseFile(file);
  return (name) => {
    if (fixed && loadedAt !== -1) return byName.get(name);
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
