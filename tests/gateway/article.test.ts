import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { browser } from './shop-session';

// Articles through the gateway over the real embedded Store API: the magazine with its categories, an
// article by its storefront path in each language (alternates), 404 as null, and the poll: one vote per
// visitor, counts and percentages, the second vote refused as POLL_ALREADY_VOTED.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openTestGateway({ privateShop: true });
});
afterAll(() => gw?.close());

const ARTICLE = `query ($path: String!, $locale: Locale) {
  article(path: $path, locale: $locale) {
    id articleId type title url bodyHtml category quote fact
    seo { title description keywords }
    faq { question answer }
    poll { question totalVotes voted votedOptionId options { id label votes percentage } }
    recommendedProducts { productId name url }
    alternates { locale url }
  }
}`;
const VOTE = `mutation ($input: VotePollInput!) { votePoll(input: $input) {
  article { id poll { totalVotes voted votedOptionId options { id votes percentage } } }
  errors { code message field }
} }`;

describe('magazine', () => {
  it('lists magazine and editorial articles with categories; filters by category; pages', async () => {
    const all = await gw.gql(`{ magazine(locale: DE, first: 5) { totalCount page pageCount categories articles { title url category image { url } } } }`);
    expect(all.body.errors).toBeUndefined();
    const magazine = all.body.data.magazine;
    expect(magazine.totalCount).toBe(15);
    expect(magazine.pageCount).toBe(3);
    expect(magazine.articles).toHaveLength(5);
    expect(magazine.categories).toEqual(expect.arrayContaining(['Vitamine', 'Allergie', 'Interview']));
    expect(magazine.articles[0].url).toMatch(/^\/e\/[a-z0-9-]+$/);
    expect(magazine.articles[0].image.url).toMatch(/^http/);

    const vitamins = await gw.gql(`{ magazine(locale: FR, category: "Vitamines") { totalCount category articles { title url } } }`);
    expect(vitamins.body.data.magazine.totalCount).toBe(2);
    expect(vitamins.body.data.magazine.category).toBe('Vitamines');
    expect(vitamins.body.data.magazine.articles.map((a: { url: string }) => a.url).every((url: string) => url.startsWith('/fr/e/'))).toBe(true);

    // A category the magazine does not have shows the whole magazine.
    const unknown = await gw.gql(`{ magazine(locale: DE, category: "Gibt es nicht") { totalCount category } }`);
    expect(unknown.body.data.magazine).toEqual({ totalCount: 15, category: null });
  });
});

describe('article', () => {
  it('reads a content page by its path in each language, with its alternates; unknown paths are null', async () => {
    const de = await gw.gql(ARTICLE, { path: '/s/kontakt' });
    expect(de.body.data.article).toMatchObject({ type: 'CONTENT', title: 'Kontakt', url: '/s/kontakt' });
    expect(de.body.data.article.alternates).toEqual([
      { locale: 'DE', url: '/s/kontakt' },
      { locale: 'IT', url: '/it/s/contatto' },
      { locale: 'FR', url: '/fr/s/contact' },
    ]);
    const fr = await gw.gql(ARTICLE, { path: '/fr/s/contact' });
    expect(fr.body.data.article.title).toBe('Contact');
    expect(fr.body.data.article.bodyHtml).toContain('Heures de service');

    for (const path of ['/s/gibt-es-nicht', '/e/kontakt', '/x/kontakt', '/s/kontakt/mehr', '/t/']) {
      const missing = await gw.gql(ARTICLE, { path });
      expect(missing.body.errors, path).toBeUndefined();
      expect(missing.body.data.article, path).toBeNull();
    }
  });

  it('gives a topic its FAQ and recommended products, an editorial its poll, quote and fact', async () => {
    const topic = await gw.gql(ARTICLE, { path: '/t/bestseller', locale: 'IT' });
    expect(topic.body.data.article.faq.length).toBeGreaterThan(0);
    expect(topic.body.data.article.recommendedProducts.length).toBe(12);
    expect(topic.body.data.article.url).toBe('/it/t/bestseller');

    const list = await gw.gql(`{ magazine(locale: DE, category: "Wissen") { articles { url } } }`);
    const path = list.body.data.magazine.articles[0].url;
    const editorial = (await gw.gql(ARTICLE, { path })).body.data.article;
    expect(editorial.type).toBe('EDITORIAL');
    expect(editorial.quote).toContain('Medizin');
    expect(editorial.fact).toContain('95 %');
    expect(editorial.recommendedProducts).toHaveLength(4);
    expect(editorial.poll).toMatchObject({ voted: false, votedOptionId: null });
  });
});

describe('votePoll', () => {
  it('one vote per visitor: the vote opens a session, counts go up, a second vote is POLL_ALREADY_VOTED', async () => {
    const list = await gw.gql(`{ magazine(locale: DE, category: "Prävention") { articles { url } } }`);
    const path = list.body.data.magazine.articles[0].url as string;
    const visitor = browser(gw);
    const before = (await visitor.gql(ARTICLE, { path })).body.data.article;
    const option = before.poll.options[2];

    const voted = await visitor.gql(VOTE, { input: { articleId: before.articleId, optionId: option.id } });
    expect(voted.body.data.votePoll.errors).toEqual([]);
    const poll = voted.body.data.votePoll.article.poll;
    expect(poll).toMatchObject({ voted: true, votedOptionId: option.id, totalVotes: before.poll.totalVotes + 1 });
    expect(poll.options[2].votes).toBe(option.votes + 1);
    expect(poll.options.reduce((sum: number, o: { percentage: number }) => sum + o.percentage, 0)).toBeGreaterThanOrEqual(99);
    expect(visitor.cookies['sw-context-token']).toBeTruthy();

    // The same visitor reads the article with the vote, and cannot vote again.
    expect((await visitor.gql(ARTICLE, { path })).body.data.article.poll.voted).toBe(true);
    const again = await visitor.gql(VOTE, { input: { articleId: before.articleId, optionId: before.poll.options[0].id } }, { 'x-shop-locale': 'fr' });
    expect(again.body.data.votePoll.errors).toEqual([{ code: 'POLL_ALREADY_VOTED', field: null, message: expect.any(String) }]);
    expect(again.body.data.votePoll.article.poll.totalVotes).toBe(before.poll.totalVotes + 1);

    // Another visitor still votes.
    const other = await browser(gw).gql(VOTE, { input: { articleId: before.articleId, optionId: option.id } });
    expect(other.body.data.votePoll.article.poll.totalVotes).toBe(before.poll.totalVotes + 2);
    expect(other.body.data.votePoll.article.poll.options[2].votes).toBe(option.votes + 2);
  });

  it('refuses malformed ids and unknown options as INVALID_INPUT', async () => {
    const bad = await browser(gw).gql(VOTE, { input: { articleId: 'nope', optionId: '' } });
    expect(bad.body.data.votePoll.errors.map((e: { field: string }) => e.field).sort()).toEqual(['articleId', 'optionId']);
    const topic = (await gw.gql(ARTICLE, { path: '/s/kontakt' })).body.data.article;
    const noPoll = await browser(gw).gql(VOTE, { input: { articleId: topic.articleId, optionId: 'a'.repeat(32) } });
    expect(noPoll.body.data.votePoll.errors[0].code).toBe('INVALID_INPUT');
  });
});
