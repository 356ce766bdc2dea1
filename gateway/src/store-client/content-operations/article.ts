import type { components } from '@shopware/api-client/store-api-types';

type SwLanguageHeader = { 'sw-language-id'?: string };

/** The kinds of article the shop writes (store-api/src/entities/article.ts). */
export type StoreArticleType = 'magazine' | 'editorial' | 'topic' | 'content';

/** A poll of an editorial article with its counts and the caller's own vote. */
export interface StoreArticlePoll {
  apiAlias: 'pharmacy_article_poll';
  question: string;
  options: { id: string; label: string; votes: number }[];
  totalVotes: number;
  /** the option this visitor (customer, else context token) chose; null before voting */
  votedOptionId: string | null;
}

/** An article as the list answers it (one language). */
export interface StoreArticleSummary {
  apiAlias: 'pharmacy_article';
  id: string;
  type: StoreArticleType;
  slug: string;
  languageId: string;
  title: string;
  teaser: string;
  category: string | null;
  keywords: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  publishedAt: string;
  mediaId: string | null;
  media: components['schemas']['Media'] | null;
}

/** One article with everything its page shows. */
export interface StoreArticle extends StoreArticleSummary {
  body: string;
  faq: { question: string; answer: string }[];
  poll: StoreArticlePoll | null;
  quote: string | null;
  fact: string | null;
  /** recommended products */
  productIds: string[];
  /** the article's slug in each language */
  alternates: { languageId: string; slug: string }[];
}

export interface StoreArticleList {
  apiAlias: 'pharmacy_article_list';
  elements: StoreArticleSummary[];
  total: number;
  page: number;
  limit: number;
  /** the categories of all articles of the requested types, for the filter */
  categories: string[];
}

/**
 * The shop's own Store API operations of this area, keyed "operationId method /path" like ShopOperations
 * in ../operations.ts.
 */
export interface ArticleOperations {
  /** Articles of the given types, newest first; filter by category or by a search term (best match first); limit (default 10, max 100) and page. */
  'readArticles post /article': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { type?: StoreArticleType | StoreArticleType[]; category?: string; search?: string; limit?: number; page?: number };
    response: StoreArticleList;
    responseCode: 200;
  };
  /** One article by its slug in the request's language (or its id); 404 CONTENT__ARTICLE_NOT_FOUND. */
  'readArticle post /article/{slug}': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    pathParams: { slug: string };
    body?: { type?: StoreArticleType | StoreArticleType[] };
    response: StoreArticle;
    responseCode: 200;
  };
  /** One vote per visitor; 409 CONTENT__POLL_ALREADY_VOTED, 400 for an unknown option. Answers the article. */
  'votePoll post /article/{id}/poll-vote': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    pathParams: { id: string };
    body: { optionId: string };
    response: StoreArticle;
    responseCode: 200;
  };
}
