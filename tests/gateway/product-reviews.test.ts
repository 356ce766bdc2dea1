import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveReview } from '../../store-api/src/domain/product-reviews';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { browser, openAccountGateway, registeredCustomer, type AccountGateway } from './account-gateway';

// Issue 20 item 5 through the gateway: writeProductReview (logged in only, the SPEC's field messages in de/it/fr,
// one review per customer and product) and the review list (the page's language first, counts per stars).

let gw: AccountGateway;
let productId: string;

beforeAll(async () => {
  gw = await openAccountGateway();
  // a product with approved reviews in more than one language
  productId = (
    gw.shop.db
      .prepare(
        `SELECT product_id FROM product_review r JOIN product p ON p.id = r.product_id WHERE r.status = 1 AND p.active = 1 AND p.parent_id IS NULL
         GROUP BY product_id HAVING COUNT(DISTINCT language_id) = 3 ORDER BY product_id LIMIT 1`,
      )
      .get() as { product_id: string }
  ).product_id;
});
afterAll(() => gw?.close());

const WRITE = `mutation ($input: WriteProductReviewInput!) { writeProductReview(input: $input) { saved awaitingApproval errors { code message field } } }`;
const CONTENT = 'Wirkt schnell, schmeckt angenehm und die Packung reicht für die ganze Erkältung aus.';
const input = (overrides: Record<string, unknown> = {}) => ({ productId, points: 5, title: 'Sehr empfehlenswert', content: CONTENT, ...overrides });

const REVIEWS = `query ($id: ID!, $locale: Locale) { product(id: $id, locale: $locale) {
  reviews(first: 10) { totalCount inLanguageCount ratingCounts { stars count } edges { node { reviewId title } } }
} }`;

const reviewRows = (customerEmail: string) =>
  gw.shop.db
    .prepare('SELECT r.id, r.title, r.points, r.status FROM product_review r JOIN customer c ON c.id = r.customer_id WHERE c.email = ?')
    .all(customerEmail) as { id: string; title: string; points: number; status: number }[];

describe('writeProductReview', () => {
  it('refuses an anonymous visitor (NOT_LOGGED_IN) and stores nothing', async () => {
    const result = await browser(gw).gql(WRITE, { input: input({ title: 'Anonym geschrieben' }) });
    expect(result.body.data.writeProductReview).toMatchObject({ saved: false, errors: [{ code: 'NOT_LOGGED_IN' }] });
    expect(gw.shop.db.prepare('SELECT COUNT(*) AS n FROM product_review WHERE title = ?').get('Anonym geschrieben')).toEqual({ n: 0 });
  });

  it('answers each field’s problem in the page’s language as "field - detail" (SPEC §5)', async () => {
    const { shopper } = await registeredCustomer(gw);
    const bad = { points: 0, title: 'Gut', content: 'Zu kurz.' };
    const de = await shopper.gql(WRITE, { input: input(bad) });
    expect(de.body.data.writeProductReview.errors).toEqual([
      { code: 'INVALID_INPUT', field: 'points', message: 'Sterne - Bitte wählen Sie 1 bis 5 Sterne' },
      { code: 'INVALID_INPUT', field: 'title', message: 'Titel - Der Wert ist zu kurz (mindestens 5 Zeichen)' },
      { code: 'INVALID_INPUT', field: 'content', message: 'Ihre Bewertung - Der Wert ist zu kurz (mindestens 40 Zeichen)' },
    ]);
    const fr = await shopper.gql(WRITE, { input: input({ ...bad, title: '' }) }, { 'sw-language-id': LANGUAGE_ID.fr });
    expect(fr.body.data.writeProductReview.errors.map((e: { message: string }) => e.message)).toEqual([
      'Étoiles - Veuillez choisir de 1 à 5 étoiles',
      'Titre - La valeur est obligatoire',
      'Votre avis - La valeur est trop courte (40 caractères au minimum)',
    ]);
  });

  it('saves a logged-in customer’s review waiting for approval; a second one changes the same review', async () => {
    const { shopper, email } = await registeredCustomer(gw);
    const first = await shopper.gql(WRITE, { input: input({ title: 'Meine erste Meinung', points: 3 }) });
    expect(first.body.data.writeProductReview).toEqual({ saved: true, awaitingApproval: true, errors: [] });
    const second = await shopper.gql(WRITE, { input: input({ title: 'Meine geänderte Meinung', points: 4 }) });
    expect(second.body.data.writeProductReview).toEqual({ saved: true, awaitingApproval: true, errors: [] });
    expect(reviewRows(email)).toEqual([expect.objectContaining({ title: 'Meine geänderte Meinung', points: 4, status: 0 })]);
    // not listed before approval, not even to its author (the list is shared by all shoppers)
    const before = await shopper.gql(REVIEWS, { id: productId });
    expect(before.body.data.product.reviews.edges.map((e: { node: { title: string } }) => e.node.title)).not.toContain('Meine geänderte Meinung');
    approveReview(gw.shop.db, reviewRows(email)[0]!.id);
    const after = await browser(gw).gql(REVIEWS, { id: productId });
    expect(after.body.data.product.reviews.edges[0].node.title).toBe('Meine geänderte Meinung');
  });
});

describe('Product.reviews', () => {
  it('lists the page’s language first, each newest first, and counts the reviews per stars', async () => {
    for (const [locale, languageId] of [['IT', LANGUAGE_ID.it], ['FR', LANGUAGE_ID.fr]] as const) {
      const result = await browser(gw).gql(REVIEWS, { id: productId, locale });
      const reviews = result.body.data.product.reviews;
      const languages = reviews.edges.map(
        (edge: { node: { reviewId: string } }) => (gw.shop.db.prepare('SELECT language_id FROM product_review WHERE id = ?').get(edge.node.reviewId) as { language_id: string }).language_id,
      );
      const inLanguage = languages.filter((id: string) => id === languageId).length;
      expect(inLanguage).toBe(reviews.inLanguageCount);
      expect(inLanguage).toBeGreaterThan(0);
      expect(languages.slice(0, inLanguage).every((id: string) => id === languageId)).toBe(true);
      expect(languages.length).toBeGreaterThan(inLanguage);

      const stored = gw.shop.db
        .prepare('SELECT CAST(points AS INTEGER) AS stars, COUNT(*) AS count FROM product_review WHERE product_id = ? AND status = 1 GROUP BY 1')
        .all(productId) as { stars: number; count: number }[];
      expect(reviews.ratingCounts).toEqual([5, 4, 3, 2, 1].map((stars) => ({ stars, count: stored.find((row) => row.stars === stars)?.count ?? 0 })));
      expect(reviews.totalCount).toBe(stored.reduce((sum, row) => sum + row.count, 0));
    }
  });
});
