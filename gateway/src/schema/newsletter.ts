import type { GatewayContext } from '../context';
import { StoreApiRequestError } from '../store-client';
import { builder } from './builder';
import { checkLinkParameter, CustomerRef, isLoggedIn, NAME_MAX, sessionCustomer, storefrontUrlOf } from './customer';
import { InputCheck, shopError, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// The newsletter (SPEC §4 "Newsletter"): double opt-in subscription, confirmation from the mail's link,
// unsubscription by the link's hash or (logged in) by email. Status per SPEC §4: optOut and undefined are
// not subscribed, notSet waits for the confirmation, anything else is subscribed.

export type NewsletterStatusValue = 'SUBSCRIBED' | 'PENDING' | 'NOT_SUBSCRIBED';

/** The Store API's newsletter status (Shopware's technical values) as the graph's status. */
export function newsletterStatusOf(status: string | null | undefined): NewsletterStatusValue {
  if (!status || status === 'optOut' || status === 'undefined') return 'NOT_SUBSCRIBED';
  if (status === 'notSet') return 'PENDING';
  return 'SUBSCRIBED';
}

export const NewsletterStatusEnum = builder.enumType('NewsletterStatus', {
  description: 'Newsletter status (SPEC §4).',
  values: {
    SUBSCRIBED: { value: 'SUBSCRIBED', description: 'Subscribed (optIn, direct).' },
    PENDING: { value: 'PENDING', description: 'Waiting for the confirmation of the mail’s link (notSet).' },
    NOT_SUBSCRIBED: { value: 'NOT_SUBSCRIBED', description: 'Not subscribed (optOut, undefined).' },
  } as const,
});

interface NewsletterPayloadShape {
  status: NewsletterStatusValue | null;
  errors: ShopError[];
}

const NewsletterPayloadRef = builder.objectRef<NewsletterPayloadShape>('NewsletterPayload').implement({
  description: 'The newsletter status after a change, and what went wrong.',
  fields: (t) => ({
    status: t.field({ type: NewsletterStatusEnum, nullable: true, description: 'The status after the change; null on failure.', resolve: (p) => p.status }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

async function readNewsletterStatus(ctx: GatewayContext): Promise<NewsletterStatusValue> {
  try {
    const answer = await ctx.store().invoke('readNewsletterRecipient post /account/newsletter-recipient', { body: {} });
    return newsletterStatusOf((answer as { status?: string } | null)?.status);
  } catch (error) {
    if (error instanceof StoreApiRequestError && [401, 403, 404].includes(error.statusCode)) return 'NOT_SUBSCRIBED';
    throw error;
  }
}

builder.objectFields(CustomerRef, (t) => ({
  newsletterStatus: t.field({
    type: NewsletterStatusEnum,
    description:
      'Newsletter status: SUBSCRIBED (optIn/direct), PENDING (notSet: waiting for confirmation), NOT_SUBSCRIBED (optOut/undefined) — SPEC §4.',
    resolve: (c, _args, ctx) => (isLoggedIn(c) ? readNewsletterStatus(ctx) : 'NOT_SUBSCRIBED'),
  }),
}));

const SubscribeNewsletterInput = builder.inputType('SubscribeNewsletterInput', {
  description: 'A newsletter subscription (double opt-in: a confirmation mail follows).',
  fields: (t) => ({
    email: t.string({ required: true, description: 'Email address.' }),
    firstName: t.string({ required: false, description: 'First name.' }),
    lastName: t.string({ required: false, description: 'Last name.' }),
  }),
});

const ConfirmNewsletterInput = builder.inputType('ConfirmNewsletterInput', {
  description: 'The confirmation link of the newsletter mail (its hash and em parameters).',
  fields: (t) => ({
    hash: t.string({ required: true, description: 'The link’s hash parameter.' }),
    em: t.string({ required: true, description: 'The link’s em parameter (SHA-1 of the email).' }),
  }),
});

const UnsubscribeNewsletterInput = builder.inputType('UnsubscribeNewsletterInput', {
  description: 'The hash of the unsubscribe link, or the email (the logged-in newsletter setting).',
  fields: (t) => ({
    hash: t.string({ required: false, description: 'The hash of /newsletter-unsubscribe/{hash}.' }),
    email: t.string({ required: false, description: 'Email address.' }),
  }),
});

/** Newsletter failures: a bad link is LINK_INVALID, other refusals NEWSLETTER_FAILED, outages UNAVAILABLE. */
async function newsletterChange(ctx: GatewayContext, change: () => Promise<NewsletterStatusValue>): Promise<NewsletterPayloadShape> {
  try {
    return { status: await change(), errors: [] };
  } catch (error) {
    return { status: null, errors: shopErrorsOf(ctx, error, { otherwise: 'NEWSLETTER_FAILED', notFound: 'LINK_INVALID' }) };
  }
}

builder.mutationFields((t) => ({
  subscribeNewsletter: t.field({
    type: NewsletterPayloadRef,
    description: 'Subscribes an email (double opt-in: status PENDING until the mail’s link is confirmed; already subscribed stays SUBSCRIBED).',
    args: { input: t.arg({ type: SubscribeNewsletterInput, required: true, description: 'Email and optional names.' }) },
    resolve: (_root, { input }, ctx) =>
      newsletterChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const email = check.email('email', input.email);
        const firstName = check.text('firstName', input.firstName, { max: NAME_MAX, optional: true });
        const lastName = check.text('lastName', input.lastName, { max: NAME_MAX, optional: true });
        check.done();
        await ctx.store().invoke('subscribeToNewsletter post /newsletter/subscribe', {
          body: {
            email: email!,
            option: 'subscribe',
            storefrontUrl: storefrontUrlOf(ctx),
            ...(firstName ? { firstName } : {}),
            ...(lastName ? { lastName } : {}),
          } as never,
        });
        // A logged-in customer's own address: the Store API knows the status (already subscribed stays so).
        const customer = await sessionCustomer(ctx).catch(() => null);
        if (isLoggedIn(customer) && customer!.email.toLowerCase() === email!.toLowerCase()) return readNewsletterStatus(ctx);
        return 'PENDING';
      }),
  }),
  confirmNewsletter: t.field({
    type: NewsletterPayloadRef,
    description: 'Confirms a subscription from the mail’s link; an unknown or used link answers LINK_INVALID.',
    args: { input: t.arg({ type: ConfirmNewsletterInput, required: true, description: 'The link’s hash and em.' }) },
    resolve: (_root, { input }, ctx) =>
      newsletterChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const hash = checkLinkParameter(check, 'hash', input.hash);
        const em = checkLinkParameter(check, 'em', input.em);
        check.done();
        await ctx.store().invoke('confirmNewsletter post /newsletter/confirm', { body: { hash: hash!, em: em! } });
        return 'SUBSCRIBED';
      }),
  }),
  unsubscribeNewsletter: t.field({
    type: NewsletterPayloadRef,
    description: 'Unsubscribes by the unsubscribe link’s hash or by email; an unknown one answers LINK_INVALID.',
    args: { input: t.arg({ type: UnsubscribeNewsletterInput, required: true, description: 'The hash or the email.' }) },
    resolve: (_root, { input }, ctx) =>
      newsletterChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const hasHash = Boolean(input.hash?.trim());
        const hasEmail = Boolean(input.email?.trim());
        if (hasHash === hasEmail) {
          check.errors.push(shopError(ctx.locale, 'INVALID_INPUT', hasHash ? 'hash' : 'email'));
          check.done();
        }
        const hash = hasHash ? checkLinkParameter(check, 'hash', input.hash) : null;
        const email = hasEmail ? check.email('email', input.email) : null;
        check.done();
        await ctx.store().invoke('unsubscribeNewsletterWithHash post /newsletter/unsubscribe', { body: hash ? { hash } : { email: email! } });
        return 'NOT_SUBSCRIBED';
      }),
  }),
}));
