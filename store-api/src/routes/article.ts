import type { StoreApiApp } from '../app';
import { saveContextPayload } from '../context';
import { ARTICLE_TYPES, articleJsonById, articlePoll, findArticle, listArticles, pollVisitorHash, type ArticleType } from '../entities/article';
import { prepared } from '../entities/system';
import { StoreApiError } from '../errors';
import { readBody } from '../request';

// Articles of the shop: magazine, editorial, topic and content pages (/article, /article/{slug}), poll votes.
// The shop's own routes (no Shopware core route has articles); answers carry an apiAlias like Shopware's.

/** SPEC §9: default page size 10. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
const SLUG_MAX = 255;

function typesOf(value: unknown): ArticleType[] {
  if (value === undefined || value === null || value === '') return [...ARTICLE_TYPES];
  const list = Array.isArray(value) ? value : [value];
  const known = list.filter((type): type is ArticleType => typeof type === 'string' && (ARTICLE_TYPES as readonly string[]).includes(type));
  if (known.length !== list.length) {
    throw StoreApiError.violation('/type', 'VIOLATION::CHOICE_ERROR', `The type must be one of: ${ARTICLE_TYPES.join(', ')}.`);
  }
  return known;
}

function positiveInt(value: unknown, pointer: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 1) throw StoreApiError.violation(pointer, 'FRAMEWORK__INVALID_CRITERIA', `${pointer.slice(1)} must be a positive integer.`);
  return Math.min(n, max);
}

function notFound(slug: string): StoreApiError {
  const shown = slug.slice(0, 64);
  return StoreApiError.notFound('CONTENT__ARTICLE_NOT_FOUND', `No article "${shown}" was found.`, { slug: shown });
}

export function registerArticleRoutes(app: StoreApiApp): void {
  app.post('/article', async (c) => {
    const ctx = c.get('ctx');
    const body = await readBody(c);
    const types = typesOf(body.type);
    const category = typeof body.category === 'string' && body.category.trim() !== '' ? body.category.trim().slice(0, 255) : null;
    const limit = positiveInt(body.limit, '/limit', DEFAULT_LIMIT, MAX_LIMIT);
    const page = positiveInt(body.page ?? body.p, '/page', 1, 10_000);
    const search = typeof body.search === 'string' && body.search.trim() !== '' ? body.search.trim().slice(0, 255) : null;
    const { elements, total, categories } = listArticles(ctx, { types, category, limit, page, search });
    return c.json({ elements, total, page, limit, categories, apiAlias: 'pharmacy_article_list' });
  });

  app.post('/article/:slug', async (c) => {
    const ctx = c.get('ctx');
    const body = await readBody(c);
    const slug = c.req.param('slug');
    if (slug.length > SLUG_MAX) throw notFound(slug);
    const types = body.type === undefined ? null : typesOf(body.type);
    const article = findArticle(ctx, slug, types);
    if (!article) throw notFound(slug);
    return c.json(article);
  });

  // One vote per visitor (the customer when logged in, else the context token): the table's primary key
  // (article_id, visitor_hash) keeps a second vote out even when two arrive at once.
  app.post('/article/:id/poll-vote', async (c) => {
    const ctx = c.get('ctx');
    const body = await readBody(c);
    const articleId = c.req.param('id');
    const found = articlePoll(ctx, articleId);
    if (!found) throw notFound(articleId);
    if (!found.poll) throw StoreApiError.notFound('CONTENT__POLL_NOT_FOUND', 'This article has no poll.', { articleId });
    const optionId = body.optionId;
    if (typeof optionId !== 'string' || optionId === '') {
      throw StoreApiError.violation('/optionId', 'VIOLATION::IS_BLANK_ERROR', 'This value should not be blank.');
    }
    if (!found.poll.options.some((option) => option.id === optionId)) {
      throw StoreApiError.violation('/optionId', 'CONTENT__POLL_OPTION_NOT_FOUND', 'The poll has no such option.', { optionId: optionId.slice(0, 64) });
    }
    // The visitor's token must outlive this request, so the vote stays theirs.
    if (!ctx.persisted) saveContextPayload(ctx, {});
    const inserted = prepared(ctx.db, 'INSERT INTO poll_vote (article_id, option_id, visitor_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').run(
      articleId,
      optionId,
      pollVisitorHash(ctx),
      new Date().toISOString(),
    );
    if (inserted.changes === 0) {
      throw StoreApiError.of(409, 'CONTENT__POLL_ALREADY_VOTED', 'This visitor has already voted in this poll.', { articleId });
    }
    return c.json(articleJsonById(ctx, articleId));
  });
}
