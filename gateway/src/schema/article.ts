import DataLoader from 'dataloader';
import type { GatewayContext } from '../context';
import { LOCALES, type Locale } from '../languages';
import { localePrefix, parseStorefrontPath } from '../links';
import { catalogLoaders, loaderKey } from '../loaders';
import { isMissingRoute, StoreApiRequestError } from '../store-client';
import type { StoreArticle, StoreArticleSummary, StoreArticleType } from '../store-client/content-operations/article';
import { builder, languageIdFor, LocaleEnum, type Localized } from './builder';
import { localizedMedia, MediaRef } from './media';
import { ProductRef } from './product';
import { hasStoreErrorCode, InputCheck, shopError, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// Articles: magazine, editorial (poll, quote, fact), topics with FAQ, and fetched content pages (/s/).
// Each kind lives under its own path prefix: /e/{slug} (magazine and editorial), /t/{slug} (topics),
// /s/{slug} (content pages); the slug differs per language, so every article lists its URL per language.

type Article = Localized<StoreArticleSummary & Partial<StoreArticle>>;

/** SPEC §9: default page size 10; more than 50 per page is refused by clamping. */
const PAGE_SIZE_DEFAULT = 10;
const PAGE_SIZE_MAX = 50;
const SLUG_MAX = 200;

const PREFIX_OF_TYPE: Record<StoreArticleType, string> = { magazine: 'e', editorial: 'e', topic: 't', content: 's' };
const TYPES_OF_PREFIX: Record<string, StoreArticleType[]> = { e: ['magazine', 'editorial'], t: ['topic'], s: ['content'] };
/** The magazine lists these kinds. */
const MAGAZINE_TYPES: StoreArticleType[] = ['magazine', 'editorial'];

function localeOf(ctx: GatewayContext, languageId: string): Locale {
  return ctx.languages.localeOf(languageId) ?? ctx.locale;
}

/** The storefront path of an article in a language ("/fr/e/les-generiques"). */
export function articleUrl(type: StoreArticleType, slug: string, locale: Locale): string {
  return `${localePrefix(locale)}/${PREFIX_OF_TYPE[type]}/${encodeURIComponent(slug)}`;
}

/** Full articles by `${languageId}:${articleId}`: a list entry asked for its body, FAQ or poll reads it here. */
const detailLoaders = new WeakMap<GatewayContext, DataLoader<string, StoreArticle | null>>();
function articleDetails(ctx: GatewayContext): DataLoader<string, StoreArticle | null> {
  let loader = detailLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(
      (keys) =>
        Promise.all(
          keys.map(async (key) => {
            const [languageId, id] = key.split(':') as [string, string];
            return readArticle(ctx, languageId, id, null);
          }),
        ),
      { batch: false },
    );
    detailLoaders.set(ctx, loader);
  }
  return loader;
}

async function readArticle(ctx: GatewayContext, languageId: string, slug: string, types: StoreArticleType[] | null): Promise<StoreArticle | null> {
  try {
    return await ctx.store(languageId).invoke('readArticle post /article/{slug}', { pathParams: { slug }, body: types ? { type: types } : {} });
  } catch (error) {
    if (error instanceof StoreApiRequestError && error.statusCode === 404 && !isMissingRoute(error)) return null;
    throw error;
  }
}

/** The full article of a list entry (one Store API call per article, only when a detail field is asked for). */
async function detailOf(ctx: GatewayContext, article: Article): Promise<StoreArticle | null> {
  if (article.data.body !== undefined) return article.data as StoreArticle;
  return articleDetails(ctx).load(loaderKey(article.languageId, article.data.id));
}

export const ArticleRef = builder.objectRef<Article>('Article');

const FaqEntryRef = builder.objectRef<{ question: string; answer: string }>('FaqEntry').implement({
  description: 'A question and its answer (schema.org FAQPage: Question with an acceptedAnswer).',
  fields: (t) => ({
    question: t.exposeString('question', { description: 'The question.' }),
    answer: t.exposeString('answer', { description: 'The answer, as plain text.' }),
  }),
});

interface PollOptionShape {
  id: string;
  label: string;
  votes: number;
  total: number;
}

const PollOptionRef = builder.objectRef<PollOptionShape>('PollOption').implement({
  description: 'One answer of a poll and how many visitors chose it.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The option id to vote with (votePoll).' }),
    label: t.exposeString('label', { description: 'The answer, in the article’s language.' }),
    votes: t.exposeInt('votes', { description: 'Votes for this answer.' }),
    percentage: t.int({
      description: 'Share of all votes, rounded to whole percent (0 while nobody voted).',
      resolve: (o) => (o.total > 0 ? Math.round((o.votes / o.total) * 100) : 0),
    }),
  }),
});

const PollRef = builder.objectRef<NonNullable<StoreArticle['poll']>>('Poll').implement({
  description: 'The poll of an editorial article: one vote per visitor (the customer when logged in, else the session).',
  fields: (t) => ({
    question: t.exposeString('question', { description: 'The question.' }),
    options: t.field({
      type: [PollOptionRef],
      description: 'The answers with their votes.',
      resolve: (p) => p.options.map((o) => ({ ...o, total: p.totalVotes })),
    }),
    totalVotes: t.exposeInt('totalVotes', { description: 'All votes so far.' }),
    voted: t.boolean({ description: 'Whether this visitor has voted (then the results are shown, not the form).', resolve: (p) => p.votedOptionId !== null }),
    votedOptionId: t.string({ nullable: true, description: 'The answer this visitor chose.', resolve: (p) => p.votedOptionId }),
  }),
});

const ArticleSeoRef = builder.objectRef<Article>('ArticleSeo').implement({
  description: 'What search engines read about an article.',
  fields: (t) => ({
    title: t.string({ description: 'Meta title (the title when none is set).', resolve: (a) => a.data.metaTitle || a.data.title }),
    description: t.string({ nullable: true, description: 'Meta description (the teaser when none is set).', resolve: (a) => a.data.metaDescription || a.data.teaser || null }),
    keywords: t.string({ nullable: true, description: 'Meta keywords (SPEC §2: the magazine carries them).', resolve: (a) => a.data.keywords }),
  }),
});

const ArticleAlternateRef = builder.objectRef<{ locale: Locale; url: string }>('ArticleAlternate').implement({
  description: 'The same article in another language (its slug differs per language).',
  fields: (t) => ({
    locale: t.field({ type: LocaleEnum, description: 'The language.', resolve: (a) => a.locale }),
    url: t.exposeString('url', { description: 'The article’s path in that language, with its prefix.' }),
  }),
});

const ArticleTypeEnum = builder.enumType('ArticleType', {
  description: 'What kind of article it is, and so where it lives.',
  values: {
    MAGAZINE: { value: 'magazine', description: 'A magazine article (/e/…).' },
    EDITORIAL: { value: 'editorial', description: 'An editorial with poll, quote and fact (/e/…).' },
    TOPIC: { value: 'topic', description: 'A topic page with FAQ (/t/…).' },
    CONTENT: { value: 'content', description: 'A fetched content page of the footer (/s/…).' },
  } as const,
});

builder.node(ArticleRef, {
  description: 'An article of the shop: magazine, editorial, topic or content page, in the language it was read in.',
  id: { resolve: (a) => a.data.id },
  loadOne: async (id, ctx) => {
    const data = await readArticle(ctx, ctx.languageId, id, null);
    return data ? { languageId: ctx.languageId, data } : null;
  },
  isTypeOf: (value) => (value as Localized<{ apiAlias?: string }>).data?.apiAlias === 'pharmacy_article',
  fields: (t) => ({
    articleId: t.string({ description: 'The article’s Store API id (votePoll takes it).', resolve: (a) => a.data.id }),
    type: t.field({ type: ArticleTypeEnum, description: 'Magazine, editorial, topic or content page.', resolve: (a) => a.data.type }),
    slug: t.string({ description: 'The path segment after /e/, /t/ or /s/ in this language.', resolve: (a) => a.data.slug }),
    url: t.string({ description: 'The article’s path in its language, with the language prefix.', resolve: (a, _args, ctx) => articleUrl(a.data.type, a.data.slug, localeOf(ctx, a.languageId)) }),
    title: t.string({ description: 'The headline.', resolve: (a) => a.data.title }),
    teaser: t.string({ description: 'The short introduction shown in lists.', resolve: (a) => a.data.teaser }),
    bodyHtml: t.string({
      description: 'The article’s text as shop HTML: render it only through the storefront’s sanitizer (ShopHtml).',
      resolve: async (a, _args, ctx) => (await detailOf(ctx, a))?.body ?? '',
    }),
    category: t.string({ nullable: true, description: 'The magazine category (in the article’s language).', resolve: (a) => a.data.category }),
    keywords: t.string({ nullable: true, description: 'Comma-separated keywords.', resolve: (a) => a.data.keywords }),
    seo: t.field({ type: ArticleSeoRef, description: 'Meta title, description and keywords.', resolve: (a) => a }),
    image: t.field({ type: MediaRef, nullable: true, description: 'The article’s picture.', resolve: (a) => localizedMedia(a.languageId, a.data.media) }),
    publishedAt: t.field({ type: 'DateTime', description: 'When it was published (ISO 8601).', resolve: (a) => a.data.publishedAt }),
    faq: t.field({ type: [FaqEntryRef], description: 'Questions and answers (topic pages).', resolve: async (a, _args, ctx) => (await detailOf(ctx, a))?.faq ?? [] }),
    poll: t.field({ type: PollRef, nullable: true, description: 'The poll (editorials), with counts and whether this visitor voted.', resolve: async (a, _args, ctx) => (await detailOf(ctx, a))?.poll ?? null }),
    quote: t.string({ nullable: true, description: 'A quote set apart from the text (editorials).', resolve: async (a, _args, ctx) => (await detailOf(ctx, a))?.quote ?? null }),
    fact: t.string({ nullable: true, description: 'A fact box (editorials).', resolve: async (a, _args, ctx) => (await detailOf(ctx, a))?.fact ?? null }),
    recommendedProducts: t.field({
      type: [ProductRef],
      description: 'Products the article recommends (those no longer in the shop are left out).',
      resolve: async (a, _args, ctx) => {
        const ids = (await detailOf(ctx, a))?.productIds ?? [];
        const products = await catalogLoaders(ctx).products.loadMany(ids.map((id) => loaderKey(a.languageId, id)));
        return products.flatMap((product) => (product && !(product instanceof Error) ? [{ languageId: a.languageId, data: product }] : []));
      },
    }),
    alternates: t.field({
      type: [ArticleAlternateRef],
      description: 'The article’s URL in each language (for hreflang and the language switcher).',
      resolve: async (a, _args, ctx) => {
        const detail = await detailOf(ctx, a);
        const alternates = (detail?.alternates ?? []).flatMap((alternate) => {
          const locale = ctx.languages.localeOf(alternate.languageId);
          return locale ? [{ locale, url: articleUrl(a.data.type, alternate.slug, locale) }] : [];
        });
        return alternates.sort((x, y) => LOCALES.indexOf(x.locale) - LOCALES.indexOf(y.locale));
      },
    }),
  }),
});

interface MagazineShape {
  languageId: string;
  articles: StoreArticleSummary[];
  totalCount: number;
  page: number;
  pageSize: number;
  categories: string[];
  category: string | null;
}

const MagazineRef = builder.objectRef<MagazineShape>('Magazine').implement({
  description: 'A page of the health magazine (magazine and editorial articles), newest first.',
  fields: (t) => ({
    articles: t.field({ type: [ArticleRef], description: 'The articles of this page.', resolve: (m) => m.articles.map((data) => ({ languageId: m.languageId, data })) }),
    totalCount: t.exposeInt('totalCount', { description: 'Articles in the (filtered) magazine.' }),
    page: t.exposeInt('page', { description: 'This page (from 1).' }),
    pageCount: t.int({ description: 'Number of pages.', resolve: (m) => Math.max(1, Math.ceil(m.totalCount / m.pageSize)) }),
    categories: t.exposeStringList('categories', { description: 'All categories of the magazine, for the filter.' }),
    category: t.string({ nullable: true, description: 'The category filtered by, when it exists.', resolve: (m) => m.category }),
  }),
});

builder.queryFields((t) => ({
  magazine: t.field({
    type: MagazineRef,
    description: 'The health magazine: a page of articles, optionally of one category (SPEC §2 /magazin).',
    args: {
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
      category: t.arg.string({ required: false, description: 'Only this category (as listed in `categories`).' }),
      first: t.arg.int({ required: false, description: `Page size (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}).` }),
      page: t.arg.int({ required: false, description: 'Page number from 1.' }),
    },
    resolve: async (_root, args, ctx) => {
      const languageId = languageIdFor(ctx, args.locale);
      const pageSize = Math.min(Math.max(args.first ?? PAGE_SIZE_DEFAULT, 1), PAGE_SIZE_MAX);
      const page = Math.min(Math.max(args.page ?? 1, 1), 10_000);
      const category = args.category?.trim().slice(0, 255) || null;
      const read = (only: string | null) =>
        ctx.store(languageId).invoke('readArticles post /article', { body: { type: MAGAZINE_TYPES, limit: pageSize, page, ...(only ? { category: only } : {}) } });
      let answer = await read(category);
      // A category the magazine does not have (an old or mistyped link) shows the whole magazine.
      const known = category !== null && answer.categories.includes(category);
      if (category !== null && !known) answer = await read(null);
      return {
        languageId,
        articles: answer.elements,
        totalCount: answer.total,
        page,
        pageSize,
        categories: answer.categories,
        category: known ? category : null,
      };
    },
  }),
  contentSearch: t.field({
    type: [ArticleRef],
    description:
      'Magazine articles, editorials and topics whose title, teaser, keywords or category hold every word of the term, in the page’s language, best match first (the search page’s content slider, issue 20).',
    args: {
      term: t.arg.string({ required: true, description: 'What the shopper searched for.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to search in (default: the request’s).' }),
      first: t.arg.int({ required: false, description: `How many (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}).` }),
    },
    resolve: async (_root, args, ctx) => {
      const term = args.term.trim().slice(0, 255);
      if (!term) return [];
      const languageId = languageIdFor(ctx, args.locale);
      const limit = Math.min(Math.max(args.first ?? PAGE_SIZE_DEFAULT, 1), PAGE_SIZE_MAX);
      try {
        const answer = await ctx.store(languageId).invoke('readArticles post /article', { body: { type: [...MAGAZINE_TYPES, 'topic'], search: term, limit } });
        return answer.elements.map((data) => ({ languageId, data }));
      } catch (error) {
        // A Shopware without the shop plugin has no magazine (ADR 0027): the search page shows its products alone.
        if (error instanceof StoreApiRequestError && isMissingRoute(error)) return [];
        throw error;
      }
    },
  }),
  article: t.field({
    type: ArticleRef,
    nullable: true,
    description: 'The article a storefront path shows: /e/{slug}, /t/{slug} or /s/{slug} (with /it or /fr); null when there is none.',
    args: {
      path: t.arg.string({ required: true, description: 'The storefront path, e.g. "/e/generika" or "/fr/s/contact".' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in; overrides the path’s prefix.' }),
    },
    resolve: async (_root, args, ctx) => {
      const parsed = parseStorefrontPath(args.path);
      if (parsed.kind !== 'seo') return null;
      const [prefix, slug, ...rest] = parsed.seoPathInfo.split('/');
      const types = prefix ? TYPES_OF_PREFIX[prefix] : undefined;
      if (!types || !slug || rest.length > 0 || slug.length > SLUG_MAX) return null;
      const languageId = args.locale ? ctx.languages.idOf(args.locale) : parsed.locale ? ctx.languages.idOf(parsed.locale) : ctx.languageId;
      const data = await readArticle(ctx, languageId, slug, types);
      return data ? { languageId, data } : null;
    },
  }),
}));

interface VotePayloadShape {
  article: Article | null;
  errors: ShopError[];
}

const VotePollPayloadRef = builder.objectRef<VotePayloadShape>('VotePollPayload').implement({
  description: 'The article with its poll after the vote (also when the visitor had voted already), and what went wrong.',
  fields: (t) => ({
    article: t.field({ type: ArticleRef, nullable: true, description: 'The article with the updated counts.', resolve: (p) => p.article }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures (POLL_ALREADY_VOTED, INVALID_INPUT), translated.', resolve: (p) => p.errors }),
  }),
});

const VotePollInput = builder.inputType('VotePollInput', {
  description: 'A vote in an article’s poll.',
  fields: (t) => ({
    articleId: t.string({ required: true, description: 'The article’s `articleId`.' }),
    optionId: t.string({ required: true, description: 'The chosen option’s `id`.' }),
  }),
});

builder.mutationField('votePoll', (t) =>
  t.field({
    type: VotePollPayloadRef,
    description: 'Votes in an article’s poll: one vote per visitor (customer, else session — a session is opened when there is none).',
    args: { input: t.arg({ type: VotePollInput, required: true, description: 'The article and the chosen option.' }) },
    resolve: async (_root, { input }, ctx) => {
      const check = new InputCheck(ctx.locale);
      const articleId = check.id('articleId', input.articleId);
      const optionId = check.id('optionId', input.optionId);
      try {
        check.done();
        const data = await ctx.store().invoke('votePoll post /article/{id}/poll-vote', { pathParams: { id: articleId! }, body: { optionId: optionId! } });
        return { article: { languageId: ctx.languageId, data }, errors: [] };
      } catch (error) {
        if (hasStoreErrorCode(error, 'CONTENT__POLL_ALREADY_VOTED')) {
          const data = await readArticle(ctx, ctx.languageId, articleId!, null);
          return { article: data ? { languageId: ctx.languageId, data } : null, errors: [shopError(ctx.locale, 'POLL_ALREADY_VOTED')] };
        }
        if (error instanceof StoreApiRequestError && error.statusCode === 404 && !isMissingRoute(error)) {
          return { article: null, errors: [shopError(ctx.locale, 'INVALID_INPUT', 'articleId')] };
        }
        return { article: null, errors: shopErrorsOf(ctx, error) };
      }
    },
  }),
);
