import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumberOf, ean13CheckDigit, isValidCardNumber, pointsToNextVoucher } from '../../store-api/src/domain/loyalty';
import { ensureLoyaltyCards, SEEDED_LOYALTY_CARD_COUNT, seededLoyaltyCardCode, seededLoyaltyCardNumber } from '../../store-api/src/seed/loyalty-cards';
import { openPrivateTestShop } from '../support/shop';
import { guestSession, shopper } from './checkout-fixtures';
import { loggedInAccount } from './account-session';

// The loyalty card area (SPEC §2 my-{product}, §3, §5 'Die Kartennummer ist ungültig'): apply for a new card,
// assign a printed card by its number (EAN-13 check digit) and the verification code printed on it (issue 17:
// typing a number was enough to take a stranger's card and its points), points and the points still missing for
// the CHF 5 voucher (500 points each).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const INVALID = 'PHARMACY__LOYALTY_CARD_NUMBER_INVALID';
const NOT_VERIFIED = 'PHARMACY__LOYALTY_CARD_NOT_VERIFIED';

/** The body that claims seeded card `index` with the code printed on it. */
function claim(index: number): Record<string, unknown> {
  return { cardNumber: seededLoyaltyCardNumber(index), verificationCode: seededLoyaltyCardCode(index) };
}

const holderOf = (index: number) => shop.db.prepare('SELECT customer_id FROM loyalty_card WHERE card_number = ?').pluck().get(seededLoyaltyCardNumber(index));

function application(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Lea', lastName: 'Frei', birthday: '1985-04-12', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', email: 'lea.frei@example.ch', ...overrides };
}

describe('card numbers and points', () => {
  it('computes EAN-13 check digits', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1); // 4006381333931, a textbook EAN-13
    expect(cardNumberOf('299000000000')).toBe('2990000000002');
    expect(isValidCardNumber('2990000000002')).toBe(true);
    expect(isValidCardNumber('2990000000003')).toBe(false);
    expect(isValidCardNumber('4006381333931')).toBe(false); // not the shop's prefix
    expect(isValidCardNumber('299000000000')).toBe(false);
  });

  it('counts the points still missing for the next CHF 5 voucher', () => {
    expect(pointsToNextVoucher(0)).toBe(500);
    expect(pointsToNextVoucher(499)).toBe(1);
    expect(pointsToNextVoucher(500)).toBe(500);
    expect(pointsToNextVoucher(1200)).toBe(300);
  });

  it('seeds 40 unassigned active cards with valid numbers and points 0–1200', () => {
    const rows = shop.db.prepare("SELECT card_number, points, status, customer_id FROM loyalty_card WHERE card_number LIKE '29900000%'").all() as {
      card_number: string;
      points: number;
      status: string;
      customer_id: string | null;
    }[];
    expect(rows).toHaveLength(SEEDED_LOYALTY_CARD_COUNT);
    for (const row of rows) {
      expect(isValidCardNumber(row.card_number)).toBe(true);
      expect(row.points).toBeGreaterThanOrEqual(0);
      expect(row.points).toBeLessThanOrEqual(1200);
      expect(row.status).toBe('active');
    }
    expect(seededLoyaltyCardNumber(1)).toBe('2990000000019');
  });
});

describe('loyalty routes', () => {
  it('answer no card first, then the applied card; a second application is refused', async () => {
    const { s, customer } = await loggedInAccount(shop);
    const none = await s.call('POST', '/loyalty', { body: {} });
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ card: null, apiAlias: 'pharmacy_loyalty' });

    const applied = await s.call('POST', '/loyalty/apply', { body: application() });
    expect(applied.status).toBe(200);
    const card = applied.json.card;
    expect(card).toMatchObject({ apiAlias: 'pharmacy_loyalty_card', status: 'applied', points: 0, pointsToNextVoucher: 500, voucherValue: 5, pointsPerVoucher: 500 });
    expect(card.cardNumber).toMatch(/^2\d{12}$/);
    expect(isValidCardNumber(card.cardNumber)).toBe(true);
    expect((await s.call('POST', '/loyalty', { body: {} })).json.card).toEqual(card);
    const row = shop.db.prepare('SELECT customer_id, birthday, zipcode FROM loyalty_card WHERE card_number = ?').get(card.cardNumber);
    expect(row).toEqual({ customer_id: customer.id, birthday: '1985-04-12', zipcode: '8001' });

    const second = await s.call('POST', '/loyalty/apply', { body: application() });
    expect(second.status).toBe(400);
    expect(second.json.errors[0].code).toBe('PHARMACY__LOYALTY_CARD_EXISTS');
    const assign = await s.call('POST', '/loyalty/assign', { body: claim(10) });
    expect(assign.status).toBe(400);
    expect(assign.json.errors[0].code).toBe('PHARMACY__LOYALTY_CARD_EXISTS');
  });

  it('validate the application', async () => {
    const { s } = await loggedInAccount(shop);
    const res = await s.call('POST', '/loyalty/apply', { body: application({ firstName: '', birthday: '1985-02-30', zipcode: '800', email: 'lea@', city: undefined }) });
    expect(res.status).toBe(400);
    const codes = Object.fromEntries(res.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]));
    expect(codes).toEqual({
      '/firstName': 'VIOLATION::IS_BLANK_ERROR',
      '/birthday': 'VIOLATION::INVALID_DATE_ERROR',
      '/zipcode': 'VIOLATION::ZIP_CODE_INVALID',
      '/city': 'VIOLATION::IS_BLANK_ERROR',
      '/email': 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR',
    });
    const future = await s.call('POST', '/loyalty/apply', { body: application({ birthday: '2999-01-01' }) });
    expect(future.json.errors[0].source.pointer).toBe('/birthday');
    expect((await s.call('POST', '/loyalty', { body: {} })).json.card).toBeNull();
  });

  it('assign a seeded card with its points; the same number again is fine for its owner only', async () => {
    const { s } = await loggedInAccount(shop);
    // 2990000000033 holds 1200 points: two vouchers, 200 left, 300 missing for the third.
    const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber: '299 0000 0000 33', verificationCode: seededLoyaltyCardCode(3) } });
    expect(res.status).toBe(200);
    expect(res.json.card).toEqual({
      apiAlias: 'pharmacy_loyalty_card',
      cardNumber: '2990000000033',
      status: 'active',
      points: 1200,
      pointsUsedForVouchers: 1000,
      pointsCollected: 200,
      pointsToNextVoucher: 300,
      voucherValue: 5,
      pointsPerVoucher: 500,
      vouchers: [expect.objectContaining({ value: 5, state: 'issued' }), expect.objectContaining({ value: 5, state: 'issued' })],
    });
    expect((await s.call('POST', '/loyalty/assign', { body: claim(3) })).status).toBe(200);

    // Even with the right code: someone else's card is refused like an unknown one.
    const other = await loggedInAccount(shop);
    const taken = await other.s.call('POST', '/loyalty/assign', { body: claim(3) });
    expect(taken.status).toBe(400);
    expect(taken.json.errors[0]).toMatchObject({ code: NOT_VERIFIED, source: { pointer: '/verificationCode' } });

    const edge = await other.s.call('POST', '/loyalty/assign', { body: claim(1) });
    expect(edge.json.card).toMatchObject({ points: 499, pointsToNextVoucher: 1 });
  });

  it('refuse a wrong check digit and a malformed number with the number violation', async () => {
    const { s } = await loggedInAccount(shop);
    for (const cardNumber of ['2990000000003', '12345', 'abcdefghijklm', '4006381333931', 2990000000002]) {
      const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber, verificationCode: 'ABCD-EFGH' } });
      expect(res.status, String(cardNumber)).toBe(400);
      expect(res.json.errors[0]).toMatchObject({ code: INVALID, source: { pointer: '/cardNumber' } });
    }
    const blank = await s.call('POST', '/loyalty/assign', { body: {} });
    expect(blank.json.errors.map((e: { code: string; source: { pointer: string } }) => [e.source.pointer, e.code])).toEqual([
      ['/cardNumber', 'VIOLATION::IS_BLANK_ERROR'],
      ['/verificationCode', 'VIOLATION::IS_BLANK_ERROR'],
    ]);
    expect((await s.call('POST', '/loyalty', { body: {} })).json.card).toBeNull();
  });

  it('stop trying numbers after 10 refusals an hour', async () => {
    const { s } = await loggedInAccount(shop);
    for (let i = 0; i < 10; i++) {
      const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber: cardNumberOf(`29999999${String(i).padStart(4, '0')}`), verificationCode: 'ABCD-EFGH' } });
      expect(res.status).toBe(400);
    }
    const blocked = await s.call('POST', '/loyalty/assign', { body: claim(7) });
    expect(blocked.status).toBe(429);
    expect(blocked.json.errors[0].meta.parameters.waitTime).toBeGreaterThan(0);
    expect(shop.db.prepare('SELECT customer_id FROM loyalty_card WHERE card_number = ?').pluck().get(seededLoyaltyCardNumber(7))).toBeNull();
    // Another customer is not affected.
    const other = await loggedInAccount(shop);
    expect((await other.s.call('POST', '/loyalty/assign', { body: claim(7) })).status).toBe(200);
  });

  it('are 403 for anonymous visitors and guests', async () => {
    const guest = await guestSession(shop.call);
    for (const s of [shopper(shop.call), guest]) {
      for (const [path, body] of [['/loyalty', {}], ['/loyalty/apply', application()], ['/loyalty/assign', claim(5)]] as const) {
        const res = await s.call('POST', path, { body });
        expect(res.status, path).toBe(403);
        expect(res.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
      }
    }
    expect(shop.db.prepare('SELECT customer_id FROM loyalty_card WHERE card_number = ?').pluck().get(seededLoyaltyCardNumber(5))).toBeNull();
  });
});

describe('claiming a printed card needs the verification code printed on it', () => {
  it('a number alone claims nothing: the card stays unassigned and its points are not shown', async () => {
    const { s } = await loggedInAccount(shop);
    // 2990000000033-like cards hold points; card 12 is unassigned in the seed.
    const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(12) } });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ code: 'VIOLATION::IS_BLANK_ERROR', source: { pointer: '/verificationCode' } });
    expect(holderOf(12)).toBeNull();
    expect((await s.call('POST', '/loyalty', { body: {} })).json.card).toBeNull();
  });

  it('a wrong code and an unknown number answer exactly the same; the card stays unassigned', async () => {
    const { s } = await loggedInAccount(shop);
    const wrongCode = await s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(13), verificationCode: 'ABCD-EFGH' } });
    const unknown = await s.call('POST', '/loyalty/assign', { body: { cardNumber: cardNumberOf('299999999999'), verificationCode: 'ABCD-EFGH' } });
    const otherCardsCode = await s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(13), verificationCode: seededLoyaltyCardCode(14) } });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.json.errors[0]).toMatchObject({ code: NOT_VERIFIED, source: { pointer: '/verificationCode' } });
    expect(unknown.status).toBe(wrongCode.status);
    expect(unknown.json).toEqual(wrongCode.json);
    expect(otherCardsCode.json).toEqual(wrongCode.json);
    expect(holderOf(13)).toBeNull();
    expect((await s.call('POST', '/loyalty', { body: {} })).json.card).toBeNull();
  });

  it('the right code claims the card with its points, typed in any case and with spaces or dashes', async () => {
    const { s } = await loggedInAccount(shop);
    const code = seededLoyaltyCardCode(15).toLowerCase().replace('-', ' ');
    const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(15), verificationCode: code } });
    expect(res.status).toBe(200);
    expect(res.json.card).toMatchObject({ cardNumber: seededLoyaltyCardNumber(15), status: 'active' });
    expect(holderOf(15)).not.toBeNull();
  });

  it('keeps the codes hashed with scrypt, never in clear', () => {
    const rows = shop.db.prepare("SELECT * FROM loyalty_card WHERE card_number LIKE '29900000%'").all() as Record<string, unknown>[];
    expect(rows).toHaveLength(SEEDED_LOYALTY_CARD_COUNT);
    const everything = JSON.stringify(rows);
    for (let index = 0; index < SEEDED_LOYALTY_CARD_COUNT; index++) {
      expect(everything).not.toContain(seededLoyaltyCardCode(index));
      expect(everything).not.toContain(seededLoyaltyCardCode(index).replace('-', ''));
    }
    for (const row of rows) expect(row.verification_hash).toMatch(/^scrypt\$/);
  });

  it('stops one client address after 30 refusals an hour over any accounts; other addresses go on', async () => {
    const ip = '198.51.100.77';
    const from = (s: Awaited<ReturnType<typeof loggedInAccount>>['s'], body: Record<string, unknown>, address = ip) =>
      s.call('POST', '/loyalty/assign', { body, headers: { 'x-shop-client-ip': address } });
    // Three fresh accounts, ten guesses each (each account's own limit is 10).
    for (let account = 0; account < 3; account++) {
      const { s } = await loggedInAccount(shop);
      for (let i = 0; i < 10; i++) expect((await from(s, { cardNumber: seededLoyaltyCardNumber(20), verificationCode: `WRNG${account}${i}AA` })).status).toBe(400);
    }
    const fresh = await loggedInAccount(shop);
    const blocked = await from(fresh.s, claim(20));
    expect(blocked.status).toBe(429);
    expect(blocked.json.errors[0]).toMatchObject({ status: '429', code: 'FRAMEWORK__RATE_LIMIT_EXCEEDED' });
    expect(holderOf(20)).toBeNull();
    expect((await from(fresh.s, claim(20), '198.51.100.78')).status).toBe(200);
  });
});

describe('seed for older shops', () => {
  it('ensureLoyaltyCards writes the printed cards once when none exist', async () => {
    expect(ensureLoyaltyCards(shop.db)).toBe(0);
    const other = await openPrivateTestShop();
    try {
      other.db.prepare('DELETE FROM loyalty_card').run();
      expect(ensureLoyaltyCards(other.db)).toBe(SEEDED_LOYALTY_CARD_COUNT);
      expect(other.db.prepare('SELECT COUNT(*) FROM loyalty_card').pluck().get()).toBe(SEEDED_LOYALTY_CARD_COUNT);
      expect(ensureLoyaltyCards(other.db)).toBe(0);
    } finally {
      other.close();
    }
  });

  it('ensureLoyaltyCards gives the unassigned printed cards of a shop seeded before codes existed their code', async () => {
    const other = await openPrivateTestShop();
    try {
      other.db.prepare('UPDATE loyalty_card SET verification_hash = NULL').run();
      expect(ensureLoyaltyCards(other.db)).toBe(SEEDED_LOYALTY_CARD_COUNT);
      const { s } = await loggedInAccount(other);
      expect((await s.call('POST', '/loyalty/assign', { body: claim(2) })).json.card).toMatchObject({ points: 500 });
    } finally {
      other.close();
    }
  });
});
