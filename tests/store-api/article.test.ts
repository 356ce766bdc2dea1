import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../store-api/src/ids';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';
import { loggedIn, loggedInAccount } from './account-session';

// The shop's articles (/article, /article/{slug}) and poll votes: one vote per visitor (customer id when
// logged in, else the context token), counts, and the errors a shopper can meet.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const EDITORIAL_ID = stableId('article', 'generics');

function asVisitor(token: string, languageId: string = LANGUAGE_ID.de) {
  return (method: string, path: string, body: unknown = {}) => shop.call(method, `/store-api${path}`, { body, headers: { 'sw-context-token': token, 'sw-language-id': languageId } });
}

describe('article list', () => {
  it('lists magazine and editorial articles newest first, with the categories, filtered by category and paged', async () => {
    const all = await shop.call('POST', '/store-api/article', { body: { type: ['magazine', 'editorial'], limit: 100 } });
    expect(all.status).toBe(200);
    expect(all.json.apiAlias).toBe('pharmacy_article_list');
    expect(all.json.total).toBe(15);
    const dates = all.json.elements.map((a: { publishedAt: string }) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.json.categories).toContain('Vitamine');
    expect(all.json.elements.every((a: { type: string }) => a.type === 'magazine' || a.type === 'editorial')).toBe(true);

    const vitamins = await shop.call('POST', '/store-api/article', { body: { type: ['magazine', 'editorial'], category: 'Vitamine' } });
    expect(vitamins.json.total).toBe(2);
    expect(vitamins.json.elements.map((a: { title: string }) => a.title).sort()).toEqual(['Magnesium gegen Wadenkrämpfe', 'Vitamin D im Winter']);

    const page2 = await shop.call('POST', '/store-api/article', { body: { type: 'magazine', limit: 5, page: 2 } });
    expect(page2.json.elements).toHaveLength(5);
    expect(page2.json.page).toBe(2);
    expect((await shop.call('POST', '/store-api/article', { body: { type: 'news' } })).status).toBe(400);
  });

  it('answers in the request language', async () => {
    const fr = await shop.call('POST', '/store-api/article', { body: { type: 'magazine', category: 'Vitamines' }, headers: { 'sw-language-id': LANGUAGE_ID.fr } });
    expect(fr.json.elements.map((a: { title: string }) => a.title)).toContain('La vitamine D en hiver');
  });

  it('finds articles and topics by the words of a search in the request language, accents and case aside (issue 20)', async () => {
    const search = (search: string, languageId: string) =>
      shop.call('POST', '/store-api/article', { body: { type: ['magazine', 'editorial', 'topic'], search }, headers: { 'sw-language-id': languageId } });
    const french = await search('HIVER vitamine', LANGUAGE_ID.fr);
    expect(french.status).toBe(200);
    expect(french.json.elements[0].title).toBe('La vitamine D en hiver');
    expect(french.json.total).toBe(french.json.elements.length);
    // "erkaltung" finds "Erkältung"; the German word finds nothing in Italian
    const german = await search('erkaltung', LANGUAGE_ID.de);
    expect(german.json.elements.map((a: { type: string }) => a.type)).toContain('topic');
    expect((await search('erkaltung', LANGUAGE_ID.it)).json.total).toBe(0);
    expect((await search('raffreddore', LANGUAGE_ID.it)).json.total).toBeGreaterThan(0);
  });
});

describe('article detail', () => {
  it('reads a content page by its slug in each language, and 404s an unknown slug', async () => {
    const de = await shop.call('POST', '/store-api/article/kontakt', { body: {} });
    expect(de.status).toBe(200);
    expect(de.json).toMatchObject({ type: 'content', title: 'Kontakt', slug: 'kontakt' });
    expect(de.json.body).toContain('0800 100 200');
    expect(de.json.alternates).toEqual(expect.arrayContaining([{ languageId: LANGUAGE_ID.it, slug: 'contatto' }, { languageId: LANGUAGE_ID.fr, slug: 'contact' }]));
    const it = await shop.call('POST', '/store-api/article/servizio-clienti', { body: {}, headers: { 'sw-language-id': LANGUAGE_ID.it } });
    expect(it.json.title).toBe('Servizio clienti');

    const missing = await shop.call('POST', '/store-api/article/gibt-es-nicht', { body: {} });
    expect(missing.status).toBe(404);
    expect(missing.json.errors[0].code).toBe('CONTENT__ARTICLE_NOT_FOUND');
    // A type filter: a topic is not an editorial.
    expect((await shop.call('POST', '/store-api/article/bestseller', { body: { type: 'editorial' } })).status).toBe(404);
  });

  it('gives an editorial its poll, quote, fact and recommended products; a topic its FAQ', async () => {
    const editorial = await shop.call('POST', `/store-api/article/${EDITORIAL_ID}`, { body: {} });
    expect(editorial.status).toBe(200);
    expect(editorial.json.quote).toContain('Medizin');
    expect(editorial.json.fact).toContain('95 %');
    expect(editorial.json.productIds).toHaveLength(4);
    expect(editorial.json.poll).toMatchObject({ question: 'Wie informieren Sie sich über Gesundheitsthemen?', votedOptionId: null });
    expect(editorial.json.poll.options).toHaveLength(3);
    const topic = await shop.call('POST', '/store-api/article/bestseller', { body: { type: 'topic' } });
    expect(topic.json.faq.length).toBeGreaterThan(0);
    expect(topic.json.faq[0]).toHaveProperty('question');
  });
});

describe('poll votes', () => {
  it('counts one vote per visitor: a second vote is 409, other visitors still vote', async () => {
    const before = (await shop.call('POST', `/store-api/article/${EDITORIAL_ID}`, { body: {} })).json.poll;
    const [first, second] = before.options as { id: string; votes: number }[];
    const alice = asVisitor('poll-visitor-alice');
    const voted = await alice('POST', `/article/${EDITORIAL_ID}/poll-vote`, { optionId: first!.id });
    expect(voted.status).toBe(200);
    expect(voted.json.poll.votedOptionId).toBe(first!.id);
    expect(voted.json.poll.options[0].votes).toBe(first!.votes + 1);
    expect(voted.json.poll.totalVotes).toBe(before.totalVotes + 1);

    const again = await alice('POST', `/article/${EDITORIAL_ID}/poll-vote`, { optionId: second!.id });
    expect(again.status).toBe(409);
    expect(again.json.errors[0].code).toBe('CONTENT__POLL_ALREADY_VOTED');
    // The reader sees their vote, in another language too.
    const read = await asVisitor('poll-visitor-alice', LANGUAGE_ID.fr)('POST', `/article/${EDITORIAL_ID}`);
    expect(read.json.poll.votedOptionId).toBe(first!.id);
    expect(read.json.poll.question).toBe('Comment vous informez-vous sur la santé ?');

    const bob = await asVisitor('poll-visitor-bob')('POST', `/article/${EDITORIAL_ID}/poll-vote`, { optionId: second!.id });
    expect(bob.status).toBe(200);
    expect(bob.json.poll.totalVotes).toBe(before.totalVotes + 2);
    const stored = shop.db.prepare('SELECT COUNT(*) FROM poll_vote WHERE article_id = ?').pluck().get(EDITORIAL_ID);
    expect(stored).toBe(before.totalVotes + 2);
    // Only a hash of the visitor is stored.
    const hashes = shop.db.prepare('SELECT visitor_hash FROM poll_vote WHERE article_id = ?').pluck().all(EDITORIAL_ID) as string[];
    expect(hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash) && !hash.includes('alice'))).toBe(true);
  });

  it('takes the customer as the visitor when logged in: a new session of the same customer cannot vote again', async () => {
    const articleId = stableId('article', 'immune-system');
    const { s, email } = await loggedInAccount(shop);
    const poll = (await s.call('POST', `/article/${articleId}`, { body: {} })).json.poll;
    expect((await s.call('POST', `/article/${articleId}/poll-vote`, { body: { optionId: poll.options[1].id } })).status).toBe(200);
    const row = shop.db.prepare('SELECT option_id FROM poll_vote WHERE article_id = ? ORDER BY created_at DESC LIMIT 1').pluck().get(articleId);
    expect(row).toBe(poll.options[1].id);
    const otherDevice = await loggedIn(shop, email);
    expect((await otherDevice.call('POST', `/article/${articleId}`, { body: {} })).json.poll.votedOptionId).toBe(poll.options[1].id);
    const twice = await otherDevice.call('POST', `/article/${articleId}/poll-vote`, { body: { optionId: poll.options[0].id } });
    expect(twice.status).toBe(409);
  });

  it('refuses an unknown option (400), an article without a poll and an unknown article (404)', async () => {
    const carol = asVisitor('poll-visitor-carol');
    const unknown = await carol('POST', `/article/${EDITORIAL_ID}/poll-vote`, { optionId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0].code).toBe('CONTENT__POLL_OPTION_NOT_FOUND');
    expect((await carol('POST', `/article/${EDITORIAL_ID}/poll-vote`, {})).status).toBe(400);
    const noPoll = await carol('POST', `/article/${stableId('article', 'contact')}/poll-vote`, { optionId: 'x' });
    expect(noPoll.status).toBe(404);
    expect((await carol('POST', '/article/0123456789abcdef0123456789abcdef/poll-vote', { optionId: 'x' })).json.errors[0].code).toBe('CONTENT__ARTICLE_NOT_FOUND');
  });
});
