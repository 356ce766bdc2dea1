import { createHash } from 'node:crypto';
import type { SalesChannelContext } from '../context';
import { loadMedia } from './media';
import { prepared, type Json } from './system';

// The shop's articles (magazine, editorial, topic, content pages) as the Store API answers them: one
// language (the request's, else the default language), the poll with its counts and the caller's vote.

export const ARTICLE_TYPES = ['magazine', 'editorial', 'topic', 'content'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

interface ArticleRow {
  id: string;
  type: ArticleType;
  media_id: string | null;
  published_at: string;
  product_ids: string;
  language_id: string;
  slug: string;
  title: string;
  teaser: string;
  body: string;
  category: string | null;
  keywords: string | null;
  meta_title: string | null;
  meta_description: string | null;
  faq: string;
  poll: string | null;
  quote: string | null;
  fact: string | null;
}

interface StoredPoll {
  question: string;
  options: { id: string; label: string }[];
}

/**
 * Who votes: the customer when logged in, else the session's context token. Only a hash is stored, so
 * the votes table holds no token that could open someone's session.
 */
export function pollVisitorHash(ctx: SalesChannelContext): string {
  const visitor = ctx.customerId ? `customer:${ctx.customerId}` : `token:${ctx.token}`;
  return createHash('sha256').update(visitor).digest('hex');
}

/** The translation in the first language of the chain that has one (columns a.* and t.*). */
function translatedSql(where: string): string {
  return `SELECT a.id, a.type, a.media_id, a.published_at, a.product_ids, t.language_id, t.slug, t.title, t.teaser, t.body,
      t.category, t.keywords, t.meta_title, t.meta_description, t.faq, t.poll, t.quote, t.fact
    FROM article a JOIN article_translation t ON t.article_id = a.id
    WHERE t.language_id = (SELECT t2.language_id FROM article_translation t2 WHERE t2.article_id = a.id
        AND t2.language_id IN (SELECT value FROM json_each(?)) ORDER BY instr(?, t2.language_id) LIMIT 1)
      AND ${where}`;
}

function chainArgs(ctx: SalesChannelContext): [string, string] {
  return [JSON.stringify(ctx.languageIdChain), ctx.languageIdChain.join(',')];
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function pollOf(row: Pick<ArticleRow, 'poll'>): StoredPoll | null {
  const poll = parseJson<StoredPoll | null>(row.poll, null);
  return poll && Array.isArray(poll.options) && poll.options.length > 0 ? poll : null;
}

function pollJson(ctx: SalesChannelContext, articleId: string, poll: StoredPoll): Json {
  const counts = new Map(
    (prepared(ctx.db, 'SELECT option_id, COUNT(*) AS votes FROM poll_vote WHERE article_id = ? GROUP BY option_id').all(articleId) as { option_id: string; votes: number }[]).map(
      (r) => [r.option_id, r.votes],
    ),
  );
  const mine = prepared(ctx.db, 'SELECT option_id FROM poll_vote WHERE article_id = ? AND visitor_hash = ?').get(articleId, pollVisitorHash(ctx)) as
    | { option_id: string }
    | undefined;
  const options = poll.options.map((option) => ({ id: option.id, label: option.label, votes: counts.get(option.id) ?? 0 }));
  return {
    question: poll.question,
    options,
    totalVotes: options.reduce((sum, option) => sum + option.votes, 0),
    votedOptionId: mine?.option_id ?? null,
    apiAlias: 'pharmacy_article_poll',
  };
}

/** The article's slug in every language (for the language switcher). */
function alternatesOf(ctx: SalesChannelContext, articleId: string): Json[] {
  return (prepared(ctx.db, 'SELECT language_id, slug FROM article_translation WHERE article_id = ? ORDER BY language_id').all(articleId) as { language_id: string; slug: string }[]).map(
    (r) => ({ languageId: r.language_id, slug: r.slug }),
  );
}

function baseJson(row: ArticleRow, media: Map<string, Json>): Json {
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    languageId: row.language_id,
    title: row.title,
    teaser: row.teaser,
    category: row.category,
    keywords: row.keywords,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    publishedAt: row.published_at,
    mediaId: row.media_id,
    media: row.media_id ? (media.get(row.media_id) ?? null) : null,
    apiAlias: 'pharmacy_article',
  };
}

/** One article with everything its page shows. */
function detailJson(ctx: SalesChannelContext, row: ArticleRow): Json {
  const poll = pollOf(row);
  return {
    ...baseJson(row, loadMedia(ctx, row.media_id ? [row.media_id] : [])),
    body: row.body,
    faq: parseJson<{ question: string; answer: string }[]>(row.faq, []),
    poll: poll ? pollJson(ctx, row.id, poll) : null,
    quote: row.quote,
    fact: row.fact,
    productIds: parseJson<string[]>(row.product_ids, []),
    alternates: alternatesOf(ctx, row.id),
  };
}

/** An article by its slug in the request's language (or, for a link from another language, by its id). */
export function findArticle(ctx: SalesChannelContext, slugOrId: string, types: readonly ArticleType[] | null): Json | null {
  const row = prepared(ctx.db, translatedSql('(t.slug = ? OR a.id = ?)')).get(...chainArgs(ctx), slugOrId, slugOrId) as ArticleRow | undefined;
  // A slug of another language (e.g. a shared link) still finds the article.
  const found =
    row ??
    (() => {
      const other = prepared(ctx.db, 'SELECT article_id FROM article_translation WHERE slug = ? LIMIT 1').get(slugOrId) as { article_id: string } | undefined;
      return other ? (prepared(ctx.db, translatedSql('a.id = ?')).get(...chainArgs(ctx), other.article_id) as ArticleRow | undefined) : undefined;
    })();
  if (!found || (types && !types.includes(found.type))) return null;
  return detailJson(ctx, found);
}

/** The raw row for a vote: the poll in the request's language. */
export function articlePoll(ctx: SalesChannelContext, articleId: string): { poll: StoredPoll | null } | null {
  const row = prepared(ctx.db, translatedSql('a.id = ?')).get(...chainArgs(ctx), articleId) as ArticleRow | undefined;
  return row ? { poll: pollOf(row) } : null;
}

export function articleJsonById(ctx: SalesChannelContext, articleId: string): Json | null {
  const row = prepared(ctx.db, translatedSql('a.id = ?')).get(...chainArgs(ctx), articleId) as ArticleRow | undefined;
  return row ? detailJson(ctx, row) : null;
}

export interface ArticleListQuery {
  types: readonly ArticleType[];
  category: string | null;
  limit: number;
  page: number;
  /** what a shopper searched for: only articles whose title, teaser, keywords or category hold every word */
  search?: string | null;
}

/** Lower case without accents, so "preven" finds "Prévention" and "erkaltung" "Erkältung". */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function wordsOf(text: string): string[] {
  return searchable(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * How well an article answers a search, as the product search reads a term (every word, as the start of a
 * word): 2 when the title holds them all, 1 when title, teaser, keywords and category together do, else 0.
 */
function searchScore(row: ArticleRow, terms: readonly string[]): number {
  const holdsAll = (words: string[]) => terms.every((term) => words.some((word) => word.startsWith(term)));
  if (holdsAll(wordsOf(row.title))) return 2;
  return holdsAll(wordsOf([row.title, row.teaser, row.keywords ?? '', row.category ?? ''].join(' '))) ? 1 : 0;
}

/** A page of articles, newest first (best match first for a search), and the categories of all articles of those types (for the filter). */
export function listArticles(ctx: SalesChannelContext, query: ArticleListQuery): { elements: Json[]; total: number; categories: string[] } {
  const types = JSON.stringify(query.types);
  const where = `a.type IN (SELECT value FROM json_each(?))${query.category ? ' AND t.category = ?' : ''}`;
  const filterArgs = query.category ? [types, query.category] : [types];
  const offset = (query.page - 1) * query.limit;
  const terms = query.search ? wordsOf(query.search).slice(0, 12) : [];
  let total: number;
  let rows: ArticleRow[];
  if (terms.length) {
    // The shop has some dozens of articles per language: matched here, accents and case aside (SQLite's LIKE knows neither).
    const all = prepared(ctx.db, `${translatedSql(where)} ORDER BY a.published_at DESC, a.id`).all(...chainArgs(ctx), ...filterArgs) as ArticleRow[];
    const matches = all.map((row) => ({ row, score: searchScore(row, terms) })).filter((match) => match.score > 0);
    matches.sort((a, b) => b.score - a.score);
    total = matches.length;
    rows = matches.slice(offset, offset + query.limit).map((match) => match.row);
  } else {
    total = (prepared(ctx.db, `SELECT COUNT(*) AS n FROM (${translatedSql(where)})`).get(...chainArgs(ctx), ...filterArgs) as { n: number }).n;
    rows = prepared(ctx.db, `${translatedSql(where)} ORDER BY a.published_at DESC, a.id LIMIT ? OFFSET ?`).all(
      ...chainArgs(ctx),
      ...filterArgs,
      query.limit,
      offset,
    ) as ArticleRow[];
  }
  const media = loadMedia(
    ctx,
    rows.flatMap((r) => (r.media_id ? [r.media_id] : [])),
  );
  const categories = (
    prepared(ctx.db, `SELECT DISTINCT category FROM (${translatedSql('a.type IN (SELECT value FROM json_each(?))')}) WHERE category IS NOT NULL ORDER BY category`).all(
      ...chainArgs(ctx),
      types,
    ) as { category: string }[]
  ).map((r) => r.category);
  return { elements: rows.map((row) => baseJson(row, media)), total, categories };
}
