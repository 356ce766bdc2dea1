import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumberOf, ean13CheckDigit, isValidCardNumber, pointsToNextVoucher } from '../../store-api/src/domain/loyalty';
import { ensureLoyaltyCards, SEEDED_LOYALTY_CARD_COUNT, seededLoyaltyCardNumber } from '../../store-api/src/seed/loyalty-cards';
import { openPrivateTestShop } from '../support/shop';
import { guestSession, shopper } from './checkout-fixtures';
import { loggedInAccount } from './account-session';

// The loyalty card area (SPEC §2 my-{product}, §3, §5 'Die Kartennummer ist ungültig'): apply for a new card,
// assign a printed card by its number (EAN-13 check digit), points and the points still missing for the CHF 5
// voucher (500 points each).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const INVALID = 'PHARMACY__LOYALTY_CARD_NUMBER_INVALID';

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
    const assign = await s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(10) } });
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
    // 2990000000033 holds 1200 points: 300 missing for the third voucher.
    const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber: '299 0000 0000 33' } });
    expect(res.status).toBe(200);
    expect(res.json.card).toEqual({
      apiAlias: 'pharmacy_loyalty_card',
      cardNumber: '2990000000033',
      status: 'active',
      points: 1200,
      pointsToNextVoucher: 300,
      voucherValue: 5,
      pointsPerVoucher: 500,
    });
    expect((await s.call('POST', '/loyalty/assign', { body: { cardNumber: '2990000000033' } })).status).toBe(200);

    const other = await loggedInAccount(shop);
    const taken = await other.s.call('POST', '/loyalty/assign', { body: { cardNumber: '2990000000033' } });
    expect(taken.status).toBe(400);
    expect(taken.json.errors[0]).toMatchObject({ code: INVALID, source: { pointer: '/cardNumber' } });

    const edge = await other.s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(1) } });
    expect(edge.json.card).toMatchObject({ points: 499, pointsToNextVoucher: 1 });
  });

  it('refuse a wrong check digit, a malformed and an unknown number with the same violation', async () => {
    const { s } = await loggedInAccount(shop);
    for (const cardNumber of ['2990000000003', '12345', 'abcdefghijklm', cardNumberOf('299999999999'), '4006381333931', 2990000000002]) {
      const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber } });
      expect(res.status, String(cardNumber)).toBe(400);
      expect(res.json.errors[0]).toMatchObject({ code: INVALID, source: { pointer: '/cardNumber' } });
    }
    const blank = await s.call('POST', '/loyalty/assign', { body: {} });
    expect(blank.json.errors[0]).toMatchObject({ code: 'VIOLATION::IS_BLANK_ERROR', source: { pointer: '/cardNumber' } });
    expect((await s.call('POST', '/loyalty', { body: {} })).json.card).toBeNull();
  });

  it('stop trying numbers after 10 refusals an hour', async () => {
    const { s } = await loggedInAccount(shop);
    for (let i = 0; i < 10; i++) {
      const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber: cardNumberOf(`29999999${String(i).padStart(4, '0')}`) } });
      expect(res.status).toBe(400);
    }
    const blocked = await s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(7) } });
    expect(blocked.status).toBe(429);
    expect(blocked.json.errors[0].meta.parameters.waitTime).toBeGreaterThan(0);
    expect(shop.db.prepare('SELECT customer_id FROM loyalty_card WHERE card_number = ?').pluck().get(seededLoyaltyCardNumber(7))).toBeNull();
    // Another customer is not affected.
    const other = await loggedInAccount(shop);
    expect((await other.s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(7) } })).status).toBe(200);
  });

  it('are 403 for anonymous visitors and guests', async () => {
    const guest = await guestSession(shop.call);
    for (const s of [shopper(shop.call), guest]) {
      for (const [path, body] of [['/loyalty', {}], ['/loyalty/apply', application()], ['/loyalty/assign', { cardNumber: seededLoyaltyCardNumber(5) }]] as const) {
        const res = await s.call('POST', path, { body });
        expect(res.status, path).toBe(403);
        expect(res.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
      }
    }
    expect(shop.db.prepare('SELECT customer_id FROM loyalty_card WHERE card_number = ?').pluck().get(seededLoyaltyCardNumber(5))).toBeNull();
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
});
