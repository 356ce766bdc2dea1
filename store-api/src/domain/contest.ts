import type { StoreApiConfig } from '../config';
import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { randomId } from '../ids';
import type { LanguageKey } from '../known-ids';
import { escapeHtml, formatChf, htmlDocument, languageKeyOf, queueMail } from './mail';
import { subscribeNewsletter } from './newsletter';
import { hitRateLimit, keyOf, type RateLimit } from './rate-limit';
import { FormChecker, shown } from './shop-forms';

// The shop's contest (SPEC §2 /wettbewerb, §9 prize: a CHF 250 gift card). One contest at a time, defined here;
// its closing date comes from CONTEST_ENDS_AT (config). The question and answer texts belong to the storefront
// (i18n namespace "contest"): the Store API knows their ids. One entry per email and contest (contest_entry's
// unique index, case-insensitive; the email is stored trimmed and lower-cased); a confirmation mail in the
// entry's language; a ticked newsletter box starts the newsletter's double opt-in (never a direct subscription).

export const CONTEST_KEY = 'advent-2026';
export const CONTEST_QUESTION_ID = 'advent-doors';
export const CONTEST_ANSWER_IDS = ['doors-12', 'doors-24', 'doors-31'] as const;
export const CONTEST_PRIZE_CHF = 250;
export const CONTEST_MAIL_TEMPLATE = 'contest.entry';
/** SPEC §5: names at least 3 characters. */
export const CONTEST_NAME_MIN_LENGTH = 3;

export interface Contest {
  key: string;
  questionId: string;
  answerIds: string[];
  prize: { kind: 'giftCard'; amount: number; currency: 'CHF' };
  endsAt: string;
  open: boolean;
  apiAlias: 'shop_contest';
}

/** Entries per client address: 10 in 10 minutes. */
export function contestIpLimit(ip: string): RateLimit {
  return { key: keyOf('contest:ip', ip), max: 10, windowSeconds: 600 };
}

/** The current contest; open until its closing date. */
export function currentContest(config: StoreApiConfig, now = new Date()): Contest {
  return {
    key: CONTEST_KEY,
    questionId: CONTEST_QUESTION_ID,
    answerIds: [...CONTEST_ANSWER_IDS],
    prize: { kind: 'giftCard', amount: CONTEST_PRIZE_CHF, currency: 'CHF' },
    endsAt: config.contestEndsAt,
    open: now.getTime() <= Date.parse(config.contestEndsAt),
    apiAlias: 'shop_contest',
  };
}

const TEXT: Record<LanguageKey, { subject: string; greeting: (name: string) => string; body: (prize: string) => string; draw: (date: string) => string; newsletter: string }> = {
  de: {
    subject: 'Ihre Teilnahme am Wettbewerb',
    greeting: (name) => `Guten Tag ${name}`,
    body: (prize) => `Vielen Dank für Ihre Teilnahme an unserem Wettbewerb. Zu gewinnen gibt es einen Geschenkgutschein im Wert von ${prize}.`,
    draw: (date) => `Der Wettbewerb endet am ${date}. Die Gewinnerin oder der Gewinner wird ausgelost und per E-Mail benachrichtigt.`,
    newsletter: 'Für den Newsletter erhalten Sie eine separate E-Mail mit einem Bestätigungslink.',
  },
  it: {
    subject: 'La vostra partecipazione al concorso',
    greeting: (name) => `Buongiorno ${name}`,
    body: (prize) => `Grazie per aver partecipato al nostro concorso. In palio c’è un buono regalo del valore di ${prize}.`,
    draw: (date) => `Il concorso termina il ${date}. La vincitrice o il vincitore sarà estratto a sorte e informato via e-mail.`,
    newsletter: 'Per la newsletter riceverete un’e-mail separata con un link di conferma.',
  },
  fr: {
    subject: 'Votre participation au concours',
    greeting: (name) => `Bonjour ${name}`,
    body: (prize) => `Merci de votre participation à notre concours. À gagner : une carte-cadeau d’une valeur de ${prize}.`,
    draw: (date) => `Le concours se termine le ${date}. La gagnante ou le gagnant sera tiré au sort et informé par e-mail.`,
    newsletter: 'Pour la newsletter, vous recevrez un e-mail séparé avec un lien de confirmation.',
  },
};

const DATE_LOCALE: Record<LanguageKey, string> = { de: 'de-CH', it: 'it-CH', fr: 'fr-CH' };

function closingDate(endsAt: string, language: LanguageKey): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Zurich' }).format(new Date(endsAt));
}

function minLength(form: FormChecker, pointer: string, value: string | null, raw: unknown): void {
  if (value !== null && value.length < CONTEST_NAME_MIN_LENGTH) {
    form.add({
      pointer,
      code: 'VIOLATION::TOO_SHORT_ERROR',
      detail: `This value is too short. It should have ${CONTEST_NAME_MIN_LENGTH} characters or more.`,
      parameters: { '{{ value }}': shown(raw), '{{ limit }}': CONTEST_NAME_MIN_LENGTH },
    });
  }
}

function alreadyEntered(): StoreApiError {
  return StoreApiError.of(409, 'CONTEST__ALREADY_ENTERED', 'This email address has already taken part in the contest.');
}

/**
 * POST /contest/entry {firstName, lastName, email, answerId, acceptTerms: true, newsletter?, storefrontUrl?}.
 * 410 CONTEST__CLOSED after the closing date; 400 violations; 429 over the per-address limit; 409
 * CONTEST__ALREADY_ENTERED for a second entry of the same email (any letter case, surrounding spaces).
 */
export function enterContest(
  ctx: SalesChannelContext,
  config: StoreApiConfig,
  body: Record<string, unknown>,
  clientIp: string | null,
  now = new Date(),
): { contestKey: string; newsletter: boolean } {
  const contest = currentContest(config, now);
  if (!contest.open) throw StoreApiError.of(410, 'CONTEST__CLOSED', 'The contest is closed.', { endsAt: contest.endsAt });

  const form = new FormChecker();
  const firstName = form.text('/firstName', body.firstName, { required: true, max: 100 });
  minLength(form, '/firstName', firstName, body.firstName);
  const lastName = form.text('/lastName', body.lastName, { required: true, max: 100 });
  minLength(form, '/lastName', lastName, body.lastName);
  const email = form.email('/email', body.email);
  const answerId = form.choice('/answerId', body.answerId, CONTEST_ANSWER_IDS);
  if (body.acceptTerms !== true) {
    form.add({ pointer: '/acceptTerms', code: 'VIOLATION::IS_TRUE_ERROR', detail: 'This value should be true.', parameters: { '{{ value }}': shown(body.acceptTerms) } });
  }
  if (body.newsletter !== undefined && body.newsletter !== null && typeof body.newsletter !== 'boolean') {
    form.add({ pointer: '/newsletter', code: 'VIOLATION::INVALID_TYPE_ERROR', detail: 'This value should be of type bool.', parameters: { '{{ value }}': shown(body.newsletter), '{{ type }}': 'bool' } });
  }
  const storefrontUrl = form.storefrontUrl(ctx, '/storefrontUrl', body.storefrontUrl);
  form.fail();

  if (clientIp) hitRateLimit(ctx.db, [contestIpLimit(clientIp)]);

  const exists = ctx.db.prepare('SELECT 1 FROM contest_entry WHERE contest_key = ? AND email = ? COLLATE NOCASE').get(contest.key, email);
  if (exists) throw alreadyEntered();

  const newsletter = body.newsletter === true;
  const language = languageKeyOf(ctx.languageId);
  const t = TEXT[language];
  const name = `${firstName} ${lastName}`.replace(/\s+/g, ' ');
  const paragraphs = [t.greeting(name), t.body(formatChf(CONTEST_PRIZE_CHF, language)), t.draw(closingDate(contest.endsAt, language)), ...(newsletter ? [t.newsletter] : [])];
  try {
    ctx.db.transaction(() => {
      ctx.db
        .prepare(
          `INSERT INTO contest_entry (id, contest_key, email, first_name, last_name, answer, language_id, customer_id, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(randomId(), contest.key, email, firstName, lastName, answerId, ctx.languageId, ctx.customerId, now.toISOString());
      queueMail(ctx.db, {
        template: CONTEST_MAIL_TEMPLATE,
        to: email!,
        languageId: ctx.languageId,
        subject: t.subject,
        text: `${paragraphs.join('\n\n')}\n`,
        html: htmlDocument(language, t.subject, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
        customerId: ctx.customerId,
      });
    })();
  } catch (err) {
    // Two entries of the same email at the same moment: the unique index lets one through.
    if (err instanceof Error && 'code' in err && String((err as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT')) throw alreadyEntered();
    throw err;
  }

  if (newsletter) {
    // The newsletter's own double opt-in (a confirmation link by mail). The entry counts even when that fails
    // (its own rate limit, say): the shopper can subscribe again from the newsletter form.
    try {
      subscribeNewsletter(ctx, { option: 'subscribe', email, firstName, lastName, storefrontUrl }, clientIp);
    } catch (err) {
      if (!(err instanceof StoreApiError)) throw err;
    }
  }
  return { contestKey: contest.key, newsletter };
}
