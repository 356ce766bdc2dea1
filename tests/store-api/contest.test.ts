import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoreApiConfig } from '../../store-api/src/config';
import { CONTEST_MAIL_TEMPLATE } from '../../store-api/src/domain/contest';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';
import { shopper, uniqueEmail } from './checkout-fixtures';

const OPEN_UNTIL = '2099-12-31T22:59:59.000Z';

// The contest (SPEC §2 /wettbewerb, §9 a CHF 250 gift card): the current contest, one entry per email (any letter
// case, surrounding spaces), closed after CONTEST_ENDS_AT, validated (names ≥ 3, email, answer, terms), a
// confirmation mail in the entry's language, and the newsletter's double opt-in when ticked (never a subscription).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  // The seeded contest closes on 2026-12-31: the tests run it as if it were still open, whatever today is.
  shop.config.contestEndsAt = OPEN_UNTIL;
});
afterAll(() => shop?.close());

let ipCounter = 10;
function clientIp(): Record<string, string> {
  ipCounter += 1;
  return { 'x-shop-client-ip': `198.51.100.${ipCounter}` };
}

function entry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Lea', lastName: 'Frei', email: uniqueEmail('wettbewerb'), answerId: 'doors-24', acceptTerms: true, ...overrides };
}

function entriesOf(email: string) {
  return shop.db.prepare('SELECT email, first_name, last_name, answer, language_id FROM contest_entry WHERE email = ? COLLATE NOCASE').all(email.trim());
}

function mailsTo(email: string, template = CONTEST_MAIL_TEMPLATE) {
  return shop.db.prepare('SELECT subject, body_text, language_id FROM mail_outbox WHERE template = ? AND recipient = ? COLLATE NOCASE').all(template, email.trim()) as {
    subject: string;
    body_text: string;
    language_id: string;
  }[];
}

describe('contest', () => {
  it('describes the current contest', async () => {
    const res = await shopper(shop.call).call('POST', '/contest');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      key: 'advent-2026',
      questionId: 'advent-doors',
      answerIds: ['doors-12', 'doors-24', 'doors-31'],
      prize: { kind: 'giftCard', amount: 250, currency: 'CHF' },
      endsAt: OPEN_UNTIL,
      open: true,
      apiAlias: 'shop_contest',
    });
  });

  it('reads CONTEST_ENDS_AT and refuses a malformed one', () => {
    expect(readStoreApiConfig({ CONTEST_ENDS_AT: '2027-01-15T12:00:00+01:00' }).contestEndsAt).toBe('2027-01-15T11:00:00.000Z');
    expect(() => readStoreApiConfig({ CONTEST_ENDS_AT: 'next friday' })).toThrow(/CONTEST_ENDS_AT must be an ISO date-time/);
  });

  it('stores one entry per email and mails a confirmation in the entry’s language', async () => {
    const email = uniqueEmail('wettbewerb');
    const s = shopper(shop.call, LANGUAGE_ID.fr);
    const res = await s.call('POST', '/contest/entry', { body: entry({ email }), headers: clientIp() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, contestKey: 'advent-2026', newsletter: false });
    expect(entriesOf(email)).toEqual([{ email, first_name: 'Lea', last_name: 'Frei', answer: 'doors-24', language_id: LANGUAGE_ID.fr }]);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Votre participation au concours');
    expect(mails[0]!.body_text).toContain('250.00');
    expect(mails[0]!.body_text).toContain('31 décembre 2099');

    for (const again of [email.toUpperCase(), `  ${email.replace(/^w/, 'W')}  `]) {
      const second = await shopper(shop.call).call('POST', '/contest/entry', { body: entry({ email: again }), headers: clientIp() });
      expect(second.status).toBe(409);
      expect(second.json.errors[0].code).toBe('CONTEST__ALREADY_ENTERED');
    }
    expect(entriesOf(email)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('validates names, email, answer and the participation conditions', async () => {
    const res = await shopper(shop.call).call('POST', '/contest/entry', {
      body: { firstName: 'Al', lastName: '', email: 'keine-mail', answerId: 'doors-99', acceptTerms: false },
      headers: clientIp(),
    });
    expect(res.status).toBe(400);
    const byPointer = Object.fromEntries(res.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]));
    expect(byPointer).toEqual({
      '/firstName': 'VIOLATION::TOO_SHORT_ERROR',
      '/lastName': 'VIOLATION::IS_BLANK_ERROR',
      '/email': 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR',
      '/answerId': 'VIOLATION::NO_SUCH_CHOICE_ERROR',
      '/acceptTerms': 'VIOLATION::IS_TRUE_ERROR',
    });
    const noTerms = entry({ acceptTerms: undefined });
    const res2 = await shopper(shop.call).call('POST', '/contest/entry', { body: noTerms, headers: clientIp() });
    expect(res2.status).toBe(400);
    expect(entriesOf(noTerms.email as string)).toHaveLength(0);
  });

  it('starts the newsletter double opt-in when ticked, without subscribing', async () => {
    const email = uniqueEmail('wettbewerb-news');
    const res = await shopper(shop.call).call('POST', '/contest/entry', { body: entry({ email, newsletter: true }), headers: clientIp() });
    expect(res.status).toBe(200);
    const recipient = shop.db.prepare('SELECT status FROM newsletter_recipient WHERE email = ?').get(email) as { status: string } | undefined;
    expect(recipient?.status).toBe('notSet');
    const newsletterMails = shop.db.prepare("SELECT template FROM mail_outbox WHERE recipient = ? AND template <> ?").all(email, CONTEST_MAIL_TEMPLATE);
    expect(newsletterMails).toHaveLength(1);
    expect(mailsTo(email)[0]!.body_text).toContain('Bestätigungslink');

    const without = uniqueEmail('wettbewerb-ohne');
    await shopper(shop.call).call('POST', '/contest/entry', { body: entry({ email: without }), headers: clientIp() });
    expect(shop.db.prepare('SELECT 1 FROM newsletter_recipient WHERE email = ?').get(without)).toBeUndefined();
  });

  it('refuses entries after the closing date', async () => {
    const endsAt = shop.config.contestEndsAt;
    shop.config.contestEndsAt = '2020-01-01T00:00:00.000Z';
    try {
      const contest = await shopper(shop.call).call('POST', '/contest');
      expect(contest.json.open).toBe(false);
      const email = uniqueEmail('zu-spaet');
      const res = await shopper(shop.call).call('POST', '/contest/entry', { body: entry({ email }), headers: clientIp() });
      expect(res.status).toBe(410);
      expect(res.json.errors[0].code).toBe('CONTEST__CLOSED');
      expect(entriesOf(email)).toHaveLength(0);
    } finally {
      shop.config.contestEndsAt = endsAt;
    }
  });

  it('limits entries per client address', async () => {
    const ip = { 'x-shop-client-ip': '198.51.100.250' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await shopper(shop.call).call('POST', '/contest/entry', { body: entry(), headers: ip })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
