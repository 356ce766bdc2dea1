import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context';
import { DEFAULT_LOCALE, LOCALES } from '../languages';
import { linkFor, parseStorefrontPath, type LinkKind } from '../links';
import { linkIn } from '../seo-paths';
import { catalogLoaders, loaderKey } from '../loaders';
import { builder, LocaleEnum, type Localized } from './builder';
import { BreadcrumbEntryRef, breadcrumbOf, categoryLoaders, CategoryRef, localizedCategory, readCategoryPage, type Category, type ShopwareCategory } from './category';
import { landingPageLoader, LandingPageRef, type LandingPage } from './landing-page';
import { ProductRef, type ShopwareProduct } from './product';

// route(path): any storefront path → the page it shows (SPEC §2 "Link building"). The language prefix
// (/it, /fr) picks the language unless `locale` is given; / is the sales channel's navigation category;
// /detail/, /navigation/ and /landingPage/ are resolved by pathInfo; anything else by its SEO path.

/** SEO URL route names → what they point to (Shopware's technical routes). */
const KIND_OF_ROUTE: Record<string, LinkKind> = {
  'frontend.detail.page': 'product',
  'frontend.navigation.page': 'category',
  'frontend.landing.page': 'landingPage',
};

type RouteResult =
  | { kind: 'ProductPage'; path: string; product: Localized<ShopwareProduct>; productId: string }
  | { kind: 'CategoryPage'; path: string; category: Category }
  | { kind: 'LandingPageRoute'; path: string; landingPage: LandingPage }
  | { kind: 'NotFound'; path: string };

const ProductPageRef = builder.objectRef<Extract<RouteResult, { kind: 'ProductPage' }>>('ProductPage').implement({
  description: 'The path shows a product (route frontend.detail.page).',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The path that was looked up.' }),
    url: t.string({
      description:
        'This page’s own address (its canonical link): the SEO URL of the product the path names — a variant’s own, a parent’s own even while it shows its best variant. With `locale`: the same page in that language (hreflang, language switcher).',
      args: { locale: t.arg({ type: LocaleEnum, required: false, description: 'The language of the page (default: the one it was read in).' }) },
      resolve: (r, args, ctx) => {
        const locale = args.locale ?? ctx.languages.localeOf(r.product.languageId) ?? ctx.locale;
        // the shown product's own SEO URLs came with it: no call for the usual page
        if (r.productId === r.product.data.id && locale === ctx.languages.localeOf(r.product.languageId)) {
          return linkFor({ kind: 'product', id: r.productId, locale, languageId: r.product.languageId, seoUrls: r.product.data.seoUrls });
        }
        return linkIn(ctx, { kind: 'product', id: r.productId, locale });
      },
    }),
    product: t.field({ type: ProductRef, description: 'The product (for a parent product: its best variant).', resolve: (r) => r.product }),
    category: t.field({
      type: CategoryRef,
      nullable: true,
      description: 'The product’s main (SEO) category, read with the product.',
      resolve: (r) => seoCategoryOf(r.product),
    }),
    breadcrumb: t.field({
      type: [BreadcrumbEntryRef],
      complexity: { field: 1, multiplier: 3 },
      description: 'The trail from the home page through the product’s main category; empty when it has none. The product itself is not a step.',
      resolve: (r, _args, ctx) => {
        const category = seoCategoryOf(r.product);
        return category ? breadcrumbOf(ctx, category) : [];
      },
    }),
  }),
});

/** The category Shopware picked as the product's main one (product.seoCategory), in the product's language. */
function seoCategoryOf(product: Localized<ShopwareProduct>): Category | null {
  const category = (product.data as { seoCategory?: ShopwareCategory | null }).seoCategory;
  return category?.id ? localizedCategory(product.languageId, category) : null;
}

const CategoryPageRef = builder.objectRef<Extract<RouteResult, { kind: 'CategoryPage' }>>('CategoryPage').implement({
  description: 'The path shows a category page (route frontend.navigation.page); / is the home category.',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The path that was looked up.' }),
    category: t.field({ type: CategoryRef, description: 'The category, read with its CMS page in the same call.', resolve: (r) => r.category }),
  }),
});

const LandingPageRouteRef = builder.objectRef<Extract<RouteResult, { kind: 'LandingPageRoute' }>>('LandingPageRoute').implement({
  description: 'The path shows a landing page (route frontend.landing.page).',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The path that was looked up.' }),
    landingPage: t.field({ type: LandingPageRef, description: 'The landing page, with its CMS page.', resolve: (r) => r.landingPage }),
  }),
});

const NotFoundRef = builder.objectRef<Extract<RouteResult, { kind: 'NotFound' }>>('NotFound').implement({
  description: 'No page answers the path: the storefront shows its 404 page. An expected result, not an error.',
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The path that was looked up.' }),
    message: t.string({ description: 'The message of SPEC §8: "Page Not Found: {path}".', resolve: (r) => `Page Not Found: ${r.path}` }),
  }),
});

const RouteResultRef = builder.unionType('RouteResult', {
  description: 'What a storefront path shows: a product, a category, a landing page, or nothing (NotFound).',
  types: [ProductPageRef, CategoryPageRef, LandingPageRouteRef, NotFoundRef],
  resolveType: (result) => result.kind,
});

/** Where a category page's own listing sits below `route`: CategoryPage.category.productListing. */
const CATEGORY_PAGE_LISTING = ['category', 'productListing'] as const;

/** The page of one target, or NotFound when it does not exist (anymore). */
async function pageOf(ctx: GatewayContext, info: GraphQLResolveInfo, path: string, languageId: string, kind: LinkKind, id: string): Promise<RouteResult> {
  switch (kind) {
    case 'product': {
      const detail = await catalogLoaders(ctx).productDetails.load(loaderKey(languageId, id));
      return detail ? { kind: 'ProductPage', path, product: { languageId, data: detail.product }, productId: id } : { kind: 'NotFound', path };
    }
    case 'category': {
      const category = await readCategoryPage(ctx, loaderKey(languageId, id), info, CATEGORY_PAGE_LISTING);
      return category ? { kind: 'CategoryPage', path, category: localizedCategory(languageId, category) } : { kind: 'NotFound', path };
    }
    case 'landingPage': {
      const landingPage = await landingPageLoader(ctx).load(loaderKey(languageId, id));
      return landingPage ? { kind: 'LandingPageRoute', path, landingPage: { languageId, data: landingPage } } : { kind: 'NotFound', path };
    }
  }
}

/** POST /seo-url: the canonical SEO URL of this path in this language (Shopware may store it with a trailing slash). */
async function seoTarget(ctx: GatewayContext, languageId: string, seoPathInfo: string): Promise<{ kind: LinkKind; id: string } | null> {
  // The same answer for every shopper: kept across requests (shared-reads.ts).
  return ctx.sharedReads.read(`seo-target:${languageId}:${seoPathInfo}`, async () => {
    const result = await ctx.store(languageId).invoke('readSeoUrl post /seo-url', {
      body: {
        filter: [
          { type: 'equalsAny', field: 'seoPathInfo', value: [seoPathInfo, `${seoPathInfo}/`] },
          { type: 'equals', field: 'languageId', value: languageId },
          { type: 'equals', field: 'isDeleted', value: false },
        ],
        limit: 5,
      },
    });
    for (const url of result.elements ?? []) {
      const kind = KIND_OF_ROUTE[url.routeName];
      if (kind && url.foreignKey) return { kind, id: url.foreignKey };
    }
    return null;
  });
}

/**
 * An old path: another language's SEO path under this language's prefix (a German link with /fr in front, as
 * shared before the paths were translated). It shows the same page, whose own address the storefront then
 * redirects to (ADR 0028). Asked only for a path no page of this language has.
 */
async function seoTargetInOtherLanguages(ctx: GatewayContext, languageId: string, seoPathInfo: string): Promise<{ kind: LinkKind; id: string } | null> {
  const others = LOCALES.map((locale) => ctx.languages.idOf(locale)).filter((id) => id !== languageId);
  const found = await Promise.all(others.map((otherId) => seoTarget(ctx, otherId, seoPathInfo)));
  return found.find((target) => target !== null) ?? null;
}

builder.queryFields((t) => ({
  route: t.field({
    type: RouteResultRef,
    description:
      'What a storefront path shows (SPEC §2): a product, category or landing page, or NotFound. The path’s /it or /fr prefix sets the language unless `locale` is given; / is the home category.',
    args: {
      path: t.arg.string({ required: true, description: 'A storefront path, e.g. /vitamine-mineralstoffe/vitamin-d or /it/detail/{id}.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in; overrides the path’s prefix.' }),
    },
    resolve: async (_root, args, ctx, info): Promise<RouteResult> => {
      const path = args.path.slice(0, 2048);
      const parsed = parseStorefrontPath(path);
      if (parsed.kind === 'invalid') return { kind: 'NotFound', path };
      // a path without a prefix is a German path (German has none), whatever the shopper's cookie says
      const languageId = ctx.languages.idOf(args.locale ?? parsed.locale ?? DEFAULT_LOCALE);
      if (parsed.kind === 'home') {
        // the alias `home` is the sales channel's navigation category: one call, with its CMS page
        const home = await readCategoryPage(ctx, loaderKey(languageId, 'home'), info, CATEGORY_PAGE_LISTING);
        if (!home) return { kind: 'NotFound', path };
        categoryLoaders(ctx).categories.prime(loaderKey(languageId, home.id), home);
        return { kind: 'CategoryPage', path, category: localizedCategory(languageId, home) };
      }
      if (parsed.kind === 'seo') {
        const target = (await seoTarget(ctx, languageId, parsed.seoPathInfo)) ?? (await seoTargetInOtherLanguages(ctx, languageId, parsed.seoPathInfo));
        return target ? pageOf(ctx, info, path, languageId, target.kind, target.id) : { kind: 'NotFound', path };
      }
      return pageOf(ctx, info, path, languageId, parsed.kind, parsed.id);
    },
  }),
}));
