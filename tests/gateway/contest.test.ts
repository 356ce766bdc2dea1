import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, openAccountGateway, uniqueEmail, type AccountGateway } from './account-gateway';

const OPEN_UNTIL = '2099-12-31T22:59:59.000Z';

// The contest through the gateway over the real embedded Store API: the current contest, an entry with its
// confirmation mail in the page's language, errors as data (CONTEST_ALREADY_ENTERED for the same email in other
// letter case, CONTEST_CLOSED, INVALID_INPUT beside the field without a Store API call).

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
  // The seeded contest closes on 2026-12-31: the tests run it as if it were still open, whatever today is.
  gw.shop.config.contestEndsAt = OPEN_UNTIL;
});
afterAll(() => gw?.close());

const CONTEST = `query ($locale: Locale) { contest(locale: $locale) { key questionId answerIds prize { kind amount currency } endsAt open } }`;
const ENTER = `mutation ($input: EnterContestInput!) { enterContest(input: $input) { entered errors { code message field } } }`;

function input(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Marco', lastName: 'Rossi', email: uniqueEmail('concorso'), answerId: 'doors-24', acceptTerms: true, ...overrides };
}

describe('contest', () => {
  it('answers the current contest', async () => {
    const res = await browser(gw).gql(CONTEST, { locale: 'IT' });
    expect(res.body.data.contest).toEqual({
      key: 'advent-2026',
      questionId: 'advent-doors',
      answerIds: ['doors-12', 'doors-24', 'doors-31'],
      prize: { kind: 'giftCard', amount: 250, currency: 'CHF' },
      endsAt: OPEN_UNTIL,
      open: true,
    });
  });

  it('takes one entry per email, mailed in the page’s language; the same email in other case is refused', async () => {
    const email = uniqueEmail('concorso');
    const first = await browser(gw).gql(ENTER, { input: input({ email, newsletter: true }) }, { 'x-shop-locale': 'it' });
    expect(first.body.data.enterContest).toEqual({ entered: true, errors: [] });
    const mail = gw.shop.db.prepare("SELECT subject FROM mail_outbox WHERE recipient = ? AND template = 'contest.entry'").get(email) as { subject: string };
    expect(mail.subject).toBe('La vostra partecipazione al concorso');
    const recipient = gw.shop.db.prepare('SELECT status FROM newsletter_recipient WHERE email = ?').get(email) as { status: string };
    expect(recipient.status).toBe('notSet');

    const second = await browser(gw).gql(ENTER, { input: input({ email: ` ${email.toUpperCase()} ` }) });
    expect(second.body.data.enterContest).toEqual({
      entered: false,
      errors: [{ code: 'CONTEST_ALREADY_ENTERED', field: 'email', message: 'Mit dieser E-Mail-Adresse wurde bereits am Wettbewerb teilgenommen.' }],
    });
  });

  it('refuses bad input beside the field without a Store API call', async () => {
    const before = gw.calls.length;
    const res = await browser(gw).gql(ENTER, { input: input({ firstName: 'Jo', email: 'kein-mail', answerId: '', acceptTerms: false }) }, { 'x-shop-locale': 'fr' });
    const errors = res.body.data.enterContest.errors as { code: string; field: string; message: string }[];
    expect(errors.map((e) => [e.code, e.field])).toEqual([
      ['INVALID_INPUT', 'firstName'],
      ['INVALID_INPUT', 'email'],
      ['INVALID_INPUT', 'answerId'],
      ['INVALID_INPUT', 'acceptTerms'],
    ]);
    expect(errors[3]!.message).toBe('Conditions de participation - Veuillez accepter les conditions de participation');
    expect(gw.calls.slice(before).filter((c) => !c.path.endsWith('/context'))).toEqual([]);

    const unknownAnswer = await browser(gw).gql(ENTER, { input: input({ answerId: 'doors-99' }) });
    expect(unknownAnswer.body.data.enterContest.errors).toEqual([{ code: 'INVALID_INPUT', field: 'answerId', message: 'Antwort - Bitte wählen Sie eine Antwort' }]);
  });

  it('answers CONTEST_CLOSED after the closing date', async () => {
    const endsAt = gw.shop.config.contestEndsAt;
    gw.shop.config.contestEndsAt = '2020-01-01T00:00:00.000Z';
    try {
      expect((await browser(gw).gql(CONTEST)).body.data.contest.open).toBe(false);
      const res = await browser(gw).gql(ENTER, { input: input() });
      expect(res.body.data.enterContest).toEqual({ entered: false, errors: [{ code: 'CONTEST_CLOSED', field: null, message: 'Der Wettbewerb ist beendet.' }] });
    } finally {
      gw.shop.config.contestEndsAt = endsAt;
    }
  });
});
