import type { GatewayContext } from '../context';
import type { Locale } from '../languages';
import type { StoreContest } from '../store-client/content-operations/contest';
import { builder, languageIdFor, LocaleEnum } from './builder';
import { InputCheck, InvalidInput, shopError, ShopErrorRef, shopErrorsOf, hasStoreErrorCode, type ShopError } from './shop-errors';
import { NAME_MAX, storefrontUrlOf } from './customer';

// The contest (SPEC §2 /wettbewerb, §9 a CHF 250 gift card): the current contest and the entry form, one entry
// per email. Question and answer texts are the storefront's (namespace "contest"); the graph gives their ids.

/** SPEC §5: names at least 3 characters. */
export const CONTEST_NAME_MIN = 3;

const ContestPrizeRef = builder.objectRef<StoreContest['prize']>('ContestPrize').implement({
  description: 'What there is to win.',
  fields: (t) => ({
    kind: t.string({ description: 'The kind of prize: "giftCard".', resolve: (p) => p.kind }),
    amount: t.float({ description: 'Its value.', resolve: (p) => p.amount }),
    currency: t.string({ description: 'The currency of the value (CHF).', resolve: (p) => p.currency }),
  }),
});

const ContestRef = builder.objectRef<StoreContest>('Contest').implement({
  description: 'The shop’s current contest.',
  fields: (t) => ({
    key: t.string({ description: 'The contest’s key, e.g. "advent-2026".', resolve: (c) => c.key }),
    questionId: t.string({ description: 'The id of the question (its text is in the storefront’s texts).', resolve: (c) => c.questionId }),
    answerIds: t.stringList({ description: 'The ids of the answer options, in the order shown.', resolve: (c) => c.answerIds }),
    prize: t.field({ type: ContestPrizeRef, description: 'The prize.', resolve: (c) => c.prize }),
    endsAt: t.string({ description: 'The closing date (ISO date-time); entries are refused after it.', resolve: (c) => c.endsAt }),
    open: t.boolean({ description: 'Whether entries are taken.', resolve: (c) => c.open }),
  }),
});

builder.queryField('contest', (t) =>
  t.field({
    type: ContestRef,
    nullable: true,
    description: 'The current contest; null when the shop cannot answer.',
    args: { locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }) },
    resolve: async (_root, args, ctx) => ctx.store(languageIdFor(ctx, args.locale)).invoke('readContest post /contest', { body: {} }),
  }),
);

interface EnterContestPayloadShape {
  entered: boolean;
  errors: ShopError[];
}

const EnterContestPayloadRef = builder.objectRef<EnterContestPayloadShape>('EnterContestPayload').implement({
  description: 'Whether the entry was taken, and what went wrong.',
  fields: (t) => ({
    entered: t.boolean({ description: 'True when the entry was stored (a confirmation mail follows).', resolve: (p) => p.entered }),
    errors: t.field({
      type: [ShopErrorRef],
      description: 'Expected failures, translated: CONTEST_ALREADY_ENTERED, CONTEST_CLOSED, INVALID_INPUT (with field), TOO_MANY_ATTEMPTS.',
      resolve: (p) => p.errors,
    }),
  }),
});

const EnterContestInput = builder.inputType('EnterContestInput', {
  description: 'An entry to the current contest.',
  fields: (t) => ({
    firstName: t.string({ required: true, description: `First name (${CONTEST_NAME_MIN} to ${NAME_MAX} characters).` }),
    lastName: t.string({ required: true, description: `Last name (${CONTEST_NAME_MIN} to ${NAME_MAX} characters).` }),
    email: t.string({ required: true, description: 'Email address; one entry per email.' }),
    answerId: t.string({ required: true, description: 'The chosen answer: one of Contest.answerIds.' }),
    acceptTerms: t.boolean({ required: true, description: 'The participation conditions are accepted (must be true).' }),
    newsletter: t.boolean({ required: false, description: 'Also subscribe to the newsletter (double opt-in: a confirmation mail follows).' }),
  }),
});

const PROBLEM_TEXTS: Record<'answerId' | 'acceptTerms', Record<Locale, string>> = {
  answerId: { de: 'Antwort - Bitte wählen Sie eine Antwort', it: 'Risposta - Si prega di scegliere una risposta', fr: 'Réponse - Veuillez choisir une réponse' },
  acceptTerms: {
    de: 'Teilnahmebedingungen - Bitte akzeptieren Sie die Teilnahmebedingungen',
    it: 'Condizioni di partecipazione - Si prega di accettare le condizioni di partecipazione',
    fr: 'Conditions de participation - Veuillez accepter les conditions de participation',
  },
};

function problemOf(locale: Locale, field: 'answerId' | 'acceptTerms'): ShopError & { field: string } {
  return { code: 'INVALID_INPUT', field, message: PROBLEM_TEXTS[field][locale] };
}

/** The Store API's refusals: its contest codes, and its violations of answerId/acceptTerms in the form's words. */
function entryErrorsOf(ctx: GatewayContext, error: unknown): ShopError[] {
  if (hasStoreErrorCode(error, 'CONTEST__ALREADY_ENTERED')) return [shopError(ctx.locale, 'CONTEST_ALREADY_ENTERED', 'email')];
  if (hasStoreErrorCode(error, 'CONTEST__CLOSED')) return [shopError(ctx.locale, 'CONTEST_CLOSED')];
  return shopErrorsOf(ctx, error).map((e) => (e.code === 'INVALID_INPUT' && (e.field === 'answerId' || e.field === 'acceptTerms') ? problemOf(ctx.locale, e.field) : e));
}

builder.mutationField('enterContest', (t) =>
  t.field({
    type: EnterContestPayloadRef,
    description: 'Enters the current contest (POST /contest/entry): one entry per email; a confirmation mail in the request’s language.',
    args: { input: t.arg({ type: EnterContestInput, required: true, description: 'The entry form.' }) },
    resolve: async (_root, { input }, ctx) => {
      try {
        const check = new InputCheck(ctx.locale);
        const firstName = check.text('firstName', input.firstName, { max: NAME_MAX, min: CONTEST_NAME_MIN });
        const lastName = check.text('lastName', input.lastName, { max: NAME_MAX, min: CONTEST_NAME_MIN });
        const email = check.email('email', input.email);
        const answerId = (input.answerId ?? '').trim();
        if (!/^[a-z0-9-]{1,40}$/.test(answerId)) check.errors.push(problemOf(ctx.locale, 'answerId'));
        if (input.acceptTerms !== true) check.errors.push(problemOf(ctx.locale, 'acceptTerms'));
        check.done();
        await ctx.store().invoke('enterContest post /contest/entry', {
          body: {
            firstName: firstName!,
            lastName: lastName!,
            email: email!,
            answerId,
            acceptTerms: true,
            newsletter: input.newsletter === true,
            storefrontUrl: storefrontUrlOf(ctx),
          },
        });
        return { entered: true, errors: [] };
      } catch (error) {
        if (error instanceof InvalidInput) return { entered: false, errors: error.errors };
        return { entered: false, errors: entryErrorsOf(ctx, error) };
      }
    },
  }),
);
