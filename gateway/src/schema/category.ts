import type { Schemas } from '@shopware/api-client/store-api-types';
import DataLoader from 'dataloader';
import { getArgumentValues, getDirectiveValues, GraphQLError, GraphQLIncludeDirective, GraphQLSkipDirective, isObjectType, Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import pino from 'pino';
import type { GatewayContext } from '../context';
import { categoryLink, categoryPageLink, linkFor } from '../links';
import { loaderKey } from '../loaders';
import { linkIn } from '../seo-paths';
import { builder, languageIdFor, LocaleEnum, type Localized } from './builder';
import { CmsPageRef, listingOfPageSlot, localizedCmsPage } from './cms';
import { listingBody, listingFromStoreResult, ProductListingRef, readCategoryListing, readListingArgs, type ListingArgs } from './listing';
import { localizedMedia, MediaRef } from './media';

// Categories: the catalogue tree (main, footer and service navigation), each with its link, breadcrumb,
// banner, SEO texts and CMS page.

export type ShopwareCategory = Schemas['Category'];
export type Category = Localized<ShopwareCategory>;

const log = pino({ base: { service: 'gateway', component: 'category' } });

/** Navigation trees deeper than this only cost queries; the shop's tree has three levels. */
const MAX_DEPTH = 5;

function localeOf(ctx: GatewayContext, languageId: string) {
  return ctx.languages.localeOf(languageId) ?? ctx.locale;
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404;
}

interface CategoryLoaders {
  /** a category with its resolved CMS page, by `${languageId}:${id}` (POST /category/{id}, one per call) */
  categories: DataLoader<string, ShopwareCategory | null>;
  /** the listing parameters the query's `productListing` asks for, by the key of `categories` (see readCategoryPage) */
  pageListings: Map<string, ListingArgs>;
  /** a category's subtree, or a menu by its root (main-navigation …), by `${languageId}:${id}:${depth}` (POST /navigation/{id}/{id}) */
  subtrees: DataLoader<string, ShopwareCategory[]>;
}

const byContext = new WeakMap<GatewayContext, CategoryLoaders>();

export function categoryLoaders(ctx: GatewayContext): CategoryLoaders {
  let loaders = byContext.get(ctx);
  if (!loaders) {
    loaders = {
      categories: new DataLoader(
        (keys) =>
          Promise.all(
            keys.map(async (key) => {
              const [languageId = '', id = ''] = key.split(':');
              const listingArgs = loaders?.pageListings.get(key);
              try {
                // With the page's listing parameters, the page's listing slot lists what `productListing` shows.
                const body = listingArgs ? pageReadBody(listingArgs) : {};
                const category = await ctx.store(languageId).invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: id }, body });
                if (listingArgs) readWithListing.set(category, listingKey(listingArgs));
                return category;
              } catch (error) {
                if (isNotFound(error)) return null;
                throw error;
              }
            }),
          ),
        { batch: false }, // the Store API reads one category (with its page) per call
      ),
      subtrees: new DataLoader(
        (keys) =>
          Promise.all(
            keys.map(async (key) => {
              const [languageId = '', id = '', depth = '1'] = key.split(':');
              return readNavigation(ctx, languageId, id, Number(depth));
            }),
          ),
        { batch: false },
      ),
      pageListings: new Map(),
    };
    byContext.set(ctx, loaders);
  }
  return loaders;
}

/** Which listing parameters a category was read with (its CMS listing slot lists with them). */
const readWithListing = new WeakMap<ShopwareCategory, string>();

function listingKey(args: ListingArgs): string {
  return JSON.stringify(listingBody(args));
}

/** The category read's body: the listing parameters only (Shopware's listing slot takes no associations from it). */
function pageReadBody(args: ListingArgs): Record<string, unknown> {
  const { associations: _associations, ...parameters } = listingBody(args);
  return parameters;
}

/**
 * The category page of `key` for a query that also asks for its `productListing` (at `listingPath` below the field
 * of `info`): read with that listing's parameters, so that the Store API builds the listing once, in the page's
 * listing slot, and `productListing` takes it from there. A query without the field reads the page as before.
 */
export function readCategoryPage(ctx: GatewayContext, key: string, info: GraphQLResolveInfo, listingPath: readonly string[]): Promise<ShopwareCategory | null> {
  const loaders = categoryLoaders(ctx);
  const listingArgs = wantedListingArgs(info, listingPath);
  if (listingArgs && !loaders.pageListings.has(key)) loaders.pageListings.set(key, listingArgs);
  return loaders.categories.load(key);
}

/** The arguments of the first `productListing` the query selects at `path` below the current field; null when none. */
function wantedListingArgs(info: GraphQLResolveInfo, path: readonly string[]): ListingArgs | null {
  let nodes: readonly FieldNode[] = info.fieldNodes;
  for (const name of path) nodes = nodes.flatMap((node) => selectedFields(info, node.selectionSet, name));
  const node = nodes[0];
  const category = info.schema.getType('Category');
  const definition = isObjectType(category) ? category.getFields().productListing : undefined;
  if (!node || !definition) return null;
  try {
    return readListingArgs(getArgumentValues(definition, node, info.variableValues));
  } catch {
    return null; // bad arguments: `productListing` reads itself and answers its own error
  }
}

/** The fields named `name` in a selection set, through fragments, leaving out what @skip or @include leaves out. */
function selectedFields(info: GraphQLResolveInfo, set: SelectionSetNode | undefined, name: string): FieldNode[] {
  const included = (node: FieldNode | { directives?: FieldNode['directives'] }) =>
    getDirectiveValues(GraphQLSkipDirective, node, info.variableValues)?.if !== true &&
    getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues)?.if !== false;
  return (set?.selections ?? []).flatMap((selection): FieldNode[] => {
    if (!included(selection)) return [];
    if (selection.kind === Kind.FIELD) return selection.name.value === name ? [selection] : [];
    if (selection.kind === Kind.INLINE_FRAGMENT) return selectedFields(info, selection.selectionSet, name);
    return selectedFields(info, info.fragments[selection.name.value]?.selectionSet, name);
  });
}

/** POST /navigation/{id}/{id}: the categories below `rootId` as a tree `depth` levels deep. */
async function readNavigation(ctx: GatewayContext, languageId: string, rootId: string, depth: number): Promise<ShopwareCategory[]> {
  // The same tree for every shopper: kept across requests (shared-reads.ts).
  return ctx.sharedReads.read(`navigation:${languageId}:${rootId}:${depth}`, async () => {
    const tree = await ctx.store(languageId).invoke('readNavigation post /navigation/{activeId}/{rootId}', {
      pathParams: { activeId: rootId, rootId },
      body: { depth, buildTree: true },
    });
    return (tree ?? []) as ShopwareCategory[];
  });
}

/**
 * The category above `c` from a tree every shopper shares (shared-reads.ts): the main menu when it has the parent,
 * else the grandparent's subtree, which brings the parent's children (c and its siblings) too. A leaf category's
 * side navigation asks for its parent on every listing: read this way, it costs no Store API call once the trees
 * are kept, where POST /category/{parentId} cost one per render (and resolved the parent's whole CMS page). Null
 * when no tree has it (a parent right below a root, a hidden one): the caller reads the category itself.
 */
async function parentFromMenus(ctx: GatewayContext, c: Category): Promise<ShopwareCategory | null> {
  const parentId = c.data.parentId;
  if (!parentId) return null;
  const inMenu = (await menuEntries(ctx, c.languageId, [parentId])).get(parentId);
  if (inMenu) return inMenu;
  const ancestors = trailIds(c.data).slice(0, -1); // root … parent
  const grandparentId = ancestors.at(-2);
  if (!grandparentId || ancestors.at(-1) !== parentId) return null;
  try {
    const tree = await categoryLoaders(ctx).subtrees.load(`${c.languageId}:${grandparentId}:2`);
    return tree.find((entry) => entry.id === parentId) ?? null;
  } catch {
    return null; // a tree that cannot be read: the category read decides (and reports its own failure)
  }
}

/** The main menu two levels deep, as the header reads it: once per request, and kept across requests. */
export function mainMenu(ctx: GatewayContext, languageId: string): Promise<ShopwareCategory[]> {
  return categoryLoaders(ctx).subtrees.load(`${languageId}:main-navigation:2`);
}

/** Menus show active, visible categories only. */
export function shown(categories: readonly ShopwareCategory[] | undefined): ShopwareCategory[] {
  return (categories ?? []).filter((c) => c.active !== false && c.visible !== false);
}

/** Wraps a category (and the tree below it) read in one language. */
export function localizedCategory(languageId: string, data: ShopwareCategory): Category {
  return { languageId, data };
}

const CategoryTypeEnum = builder.enumType('CategoryType', {
  description: 'What a category is in the tree.',
  values: {
    PAGE: { value: 'page', description: 'A page with its own content (usually a product listing).' },
    LINK: { value: 'link', description: 'A menu entry linking to a product, category, landing page or another site.' },
    FOLDER: { value: 'folder', description: 'A heading grouping other categories; it has no page of its own.' },
  } as const,
});

const CategoryLinkTypeEnum = builder.enumType('CategoryLinkType', {
  description: 'Where a link category points.',
  values: {
    PRODUCT: { value: 'product', description: 'A product page.' },
    CATEGORY: { value: 'category', description: 'Another category.' },
    LANDING_PAGE: { value: 'landing_page', description: 'A landing page.' },
    EXTERNAL: { value: 'external', description: 'Another site or a shop path (only http(s) and shop paths are allowed).' },
  } as const,
});

export const BreadcrumbEntryRef = builder.objectRef<BreadcrumbEntry>('BreadcrumbEntry').implement({
  description: 'One step of a breadcrumb trail.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The category’s name in the page’s language.' }),
    url: t.exposeString('url', { description: 'The storefront path of the step (SPEC §2 link building).' }),
    categoryId: t.exposeString('categoryId', { description: 'The Shopware id of the step’s category.' }),
  }),
});

const SeoMetaRef = builder.objectRef<{ title: string | null; description: string | null; keywords: string | null }>('SeoMeta').implement({
  description: 'What search engines read: the page’s title, description and keywords.',
  fields: (t) => ({
    title: t.string({ nullable: true, description: 'The <title> (falls back to the page’s name in the storefront).', resolve: (m) => m.title }),
    description: t.string({ nullable: true, description: 'The meta description.', resolve: (m) => m.description }),
    keywords: t.string({ nullable: true, description: 'The meta keywords.', resolve: (m) => m.keywords }),
  }),
});

export { SeoMetaRef };

function text(value: string | null | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}

/** The ancestors' ids from the category's materialized path ("|root|parent|"), then its own id. */
function trailIds(category: ShopwareCategory): string[] {
  return [...(category.path ?? '').split('|').filter(Boolean), category.id];
}

export const CategoryRef = builder.objectRef<Category>('Category');

builder.node(CategoryRef, {
  description:
    'A category of the catalogue tree (main menu, footer or service links): its link, breadcrumb, banner, SEO texts, sub-categories and CMS page.',
  id: { resolve: (c) => c.data.id },
  loadMany: (ids, ctx) =>
    categoryLoaders(ctx)
      .categories.loadMany(ids.map((id) => loaderKey(ctx.languageId, id)))
      .then((categories) => categories.map((data) => (data && !(data instanceof Error) ? localizedCategory(ctx.languageId, data) : null))),
  isTypeOf: (value) => (value as Localized<{ apiAlias?: string }>).data?.apiAlias === 'category',
  fields: (t) => ({
    categoryId: t.string({ description: 'The Shopware category id.', resolve: (c) => c.data.id }),
    name: t.string({ description: 'The name in the category’s language.', resolve: (c) => c.data.translated?.name ?? c.data.name }),
    description: t.string({ nullable: true, description: 'The category’s introduction as HTML, when set.', resolve: (c) => text(c.data.translated?.description ?? c.data.description) }),
    type: t.field({ type: CategoryTypeEnum, description: 'Page, link or folder.', resolve: (c) => c.data.type }),
    linkType: t.field({
      type: CategoryLinkTypeEnum,
      nullable: true,
      description: 'For a link category: what it points to.',
      resolve: (c) => (c.data.type === 'link' ? (c.data.linkType ?? 'external') : null),
    }),
    linkNewTab: t.boolean({ description: 'Whether the link opens in a new tab.', resolve: (c) => c.data.linkNewTab === true }),
    url: t.string({
      nullable: true,
      description:
        'Where the category links to: its SEO path (or /navigation/{id}) in its language; for a link category its target. Null for a link whose target is missing or unsafe. With `locale`: the same category’s page in that language (for the language switcher and hreflang).',
      args: { locale: t.arg({ type: LocaleEnum, required: false, description: 'The language of the page (default: the one the category was read in).' }) },
      resolve: (c, args, ctx) => {
        const own = localeOf(ctx, c.languageId);
        if (args.locale && args.locale !== own && (c.data.type === 'page' || !c.data.parentId)) {
          return linkIn(ctx, { kind: 'category', id: c.data.id, locale: args.locale, isRoot: !c.data.parentId });
        }
        return categoryLink(
          { ...c.data, type: c.data.type, externalLink: c.data.translated?.externalLink ?? c.data.externalLink, internalLink: c.data.translated?.internalLink ?? c.data.internalLink },
          { locale: args.locale ?? own, languageId: c.languageId, rootCategoryId: c.data.parentId ? null : c.data.id },
        );
      },
    }),
    level: t.int({ description: 'Depth in the tree: 1 for a root (main, footer, service), 2 for a top menu entry, …', resolve: (c) => c.data.level ?? 1 }),
    breadcrumb: t.field({
      type: [BreadcrumbEntryRef],
      complexity: { field: 1, multiplier: 3 },
      description: 'The trail from the tree’s root (the home page) to this category, each step with its link.',
      resolve: (c, _args, ctx) => breadcrumbOf(ctx, c),
    }),
    media: t.field({ type: MediaRef, nullable: true, description: 'The category’s banner or icon, when set.', resolve: (c) => localizedMedia(c.languageId, c.data.media) }),
    seo: t.field({
      type: SeoMetaRef,
      description: 'Title, description and keywords for search engines.',
      resolve: (c) => ({
        title: text(c.data.translated?.metaTitle ?? c.data.metaTitle),
        description: text(c.data.translated?.metaDescription ?? c.data.metaDescription),
        keywords: text(c.data.translated?.keywords ?? c.data.keywords),
      }),
    }),
    childCount: t.int({ description: 'How many sub-categories it has (shown or not).', resolve: (c) => c.data.childCount ?? 0 }),
    children: t.field({
      type: [CategoryRef],
      description:
        'The shown sub-categories. Those read with the tree (`navigation(depth)`) cost nothing; otherwise one Store API call reads `depth` levels.',
      args: { depth: t.arg.int({ required: false, defaultValue: 1, description: 'Levels to read when they were not read with the tree (1 to 5).' }) },
      resolve: async (c, args, ctx) => {
        if ((c.data.childCount ?? 0) === 0) return [];
        if (c.data.children?.length) return shown(c.data.children).map((child) => localizedCategory(c.languageId, child));
        const depth = Math.min(Math.max(args.depth ?? 1, 1), MAX_DEPTH);
        const tree = await categoryLoaders(ctx).subtrees.load(`${c.languageId}:${c.data.id}:${depth}`);
        return shown(tree).map((child) => localizedCategory(c.languageId, child));
      },
    }),
    parent: t.field({
      type: CategoryRef,
      nullable: true,
      description: 'The category above it; null for a root.',
      resolve: async (c, _args, ctx) => {
        if (!c.data.parentId) return null;
        const parent = (await parentFromMenus(ctx, c)) ?? (await categoryLoaders(ctx).categories.load(loaderKey(c.languageId, c.data.parentId)));
        return parent ? localizedCategory(c.languageId, parent) : null;
      },
    }),
    productListing: t.field({
      type: ProductListingRef,
      description:
        'The category’s products, filtered, sorted and paged (POST /product-listing/{id}), in the category’s language. The same as `listing(categoryId:)`.',
      args: {
        filters: t.arg({ type: 'ListingFilterInput' as never, required: false, description: 'Filters.' }),
        sort: t.arg.string({ required: false, description: 'A key of availableSortings, e.g. price-asc (default: the shop’s).' }),
        page: t.arg.int({ required: false, description: 'Page number from 1.' }),
        limit: t.arg.int({ required: false, description: 'Products per page, 1 to 100 (default: the shop’s).' }),
        first: t.arg.int({ required: false, description: 'Relay: products per page (instead of limit).' }),
        after: t.arg.string({ required: false, description: 'Relay: the endCursor of the previous page (instead of page).' }),
      },
      resolve: (c, args, ctx) => {
        const listingArgs = readListingArgs(args);
        // The page read with these parameters (readCategoryPage) brings the listing in its slot: no second build.
        const fromPage = readWithListing.get(c.data) === listingKey(listingArgs) ? listingOfPageSlot(c.data.cmsPage, listingArgs.sort) : null;
        if (fromPage) return listingFromStoreResult(c.languageId, fromPage, listingArgs);
        return readCategoryListing(ctx, c.languageId, c.data.id, listingArgs);
      },
    }),
    cmsPage: t.field({
      type: CmsPageRef,
      nullable: true,
      description: 'The category’s CMS page (banner, texts, its product listing), when it has one.',
      resolve: async (c, _args, ctx) => {
        if (c.data.cmsPage) return localizedCmsPage(ctx, c.languageId, c.data.cmsPage);
        if (!c.data.cmsPageId) return null;
        // read from the tree: the page comes with the category itself (one call)
        const full = await categoryLoaders(ctx).categories.load(loaderKey(c.languageId, c.data.id));
        return localizedCmsPage(ctx, c.languageId, full?.cmsPage);
      },
    }),
  }),
});

export interface BreadcrumbEntry {
  name: string;
  url: string;
  categoryId: string;
}

/** The trail from the tree's root (the home page) to a category, each step linked in the category's language. */
export async function breadcrumbOf(ctx: GatewayContext, c: Category): Promise<BreadcrumbEntry[]> {
  const names = c.data.translated?.breadcrumb ?? c.data.breadcrumb ?? [];
  const ids = trailIds(c.data).slice(-names.length);
  const locale = localeOf(ctx, c.languageId);
  const middle = ids.slice(1, -1);
  // The steps the main menu has carry their SEO URLs; only the others are looked up.
  const inMenu = await menuEntries(ctx, c.languageId, middle);
  const seoPaths = await ancestorSeoPaths(ctx, c.languageId, middle.filter((id) => !inMenu.has(id)));
  return names.map((name, index) => {
    const categoryId = ids[index] ?? c.data.id;
    const isRoot = index === 0 && ids.length === names.length; // the trail starts at the tree's root: the home page
    const entry = inMenu.get(categoryId);
    const url =
      categoryId === c.data.id
        ? (categoryLink(c.data, { locale, languageId: c.languageId, rootCategoryId: c.data.parentId ? null : c.data.id }) ?? linkFor({ kind: 'category', id: categoryId, locale }))
        : entry
          ? categoryPageLink(entry, { locale, languageId: c.languageId, isRoot })
          : linkFor({ kind: 'category', id: categoryId, locale, isRoot, seoPathInfo: seoPaths.get(categoryId) ?? null });
    return { name, url, categoryId };
  });
}

/**
 * The categories of `ids` that the main menu (two levels, as the header reads it and every shopper shares it)
 * has, by id. A breadcrumb's middle steps are nearly always there, so a category page's trail costs no SEO URL
 * lookup of its own. A menu that cannot be read gives none: the lookup then asks for every step.
 */
async function menuEntries(ctx: GatewayContext, languageId: string, ids: readonly string[]): Promise<Map<string, ShopwareCategory>> {
  const found = new Map<string, ShopwareCategory>();
  if (ids.length === 0) return found;
  let menu: ShopwareCategory[];
  try {
    menu = await mainMenu(ctx, languageId);
  } catch {
    return found;
  }
  const wanted = new Set(ids);
  for (const entry of menu) {
    for (const category of [entry, ...(entry.children ?? [])]) {
      if (wanted.has(category.id)) found.set(category.id, category);
    }
  }
  return found;
}

/**
 * The SEO paths of a breadcrumb's middle steps: one POST /seo-url for all of them (the category itself
 * and the root need none).
 */
async function ancestorSeoPaths(ctx: GatewayContext, languageId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // The same paths for every shopper: kept across requests (shared-reads.ts).
  const urls = await ctx.sharedReads.read(`category-seo-paths:${languageId}:${ids.join(',')}`, async () => {
    const result = await ctx.store(languageId).invoke('readSeoUrl post /seo-url', {
      body: {
        filter: [
          { type: 'equalsAny', field: 'foreignKey', value: ids },
          { type: 'equals', field: 'routeName', value: 'frontend.navigation.page' },
          { type: 'equals', field: 'languageId', value: languageId },
          { type: 'equals', field: 'isCanonical', value: true },
        ],
        limit: ids.length * 2,
      },
    });
    return (result.elements ?? []).map((url): [string, string] => [url.foreignKey, url.seoPathInfo]);
  });
  return new Map(urls);
}

const NavigationRootEnum = builder.enumType('NavigationRoot', {
  description: 'Which of the shop’s three category trees.',
  values: {
    MAIN: { value: 'main-navigation', description: 'The main menu (the catalogue).' },
    FOOTER: { value: 'footer-navigation', description: 'The footer links.' },
    SERVICE: { value: 'service-navigation', description: 'The service links (shipping, returns, terms, …).' },
  } as const,
});

builder.queryFields((t) => ({
  navigation: t.field({
    type: [CategoryRef],
    description:
      'A category tree for menus (POST /navigation): the top entries with their sub-categories `depth` levels deep. A failure to load yields an empty list (SPEC §8), so a page still renders.',
    args: {
      depth: t.arg.int({ required: false, defaultValue: 2, description: 'Levels to read: 1 for the top entries only (1 to 5).' }),
      root: t.arg({ type: NavigationRootEnum, required: false, defaultValue: 'main-navigation', description: 'Which tree.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx) => {
      const depth = args.depth ?? 2;
      if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) {
        throw new GraphQLError(`depth must be between 1 and ${MAX_DEPTH}, got ${depth}.`, { extensions: { code: 'BAD_USER_INPUT', argument: 'depth' } });
      }
      const languageId = languageIdFor(ctx, args.locale);
      const root = args.root ?? 'main-navigation';
      try {
        const tree = await categoryLoaders(ctx).subtrees.load(`${languageId}:${root}:${depth}`);
        // the deepest level comes with empty children: Category.children reads them on demand
        return shown(tree).map((category) => localizedCategory(languageId, category));
      } catch (error) {
        log.warn({ requestId: ctx.requestId, root, err: error instanceof Error ? error.message : String(error) }, 'navigation could not be loaded; answering an empty menu');
        return [];
      }
    },
  }),
  category: t.field({
    type: CategoryRef,
    nullable: true,
    description: 'A category by its Shopware id, with its CMS page (POST /category/{id}); null when it does not exist.',
    args: {
      id: t.arg.id({ required: true, description: 'The category’s Shopware id.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx, info) => {
      const id = String(args.id);
      if (!/^[0-9a-f]{32}$/i.test(id)) throw new GraphQLError('id must be a Shopware id (32 hex characters).', { extensions: { code: 'BAD_USER_INPUT', argument: 'id' } });
      const languageId = languageIdFor(ctx, args.locale);
      const category = await readCategoryPage(ctx, loaderKey(languageId, id.toLowerCase()), info, ['productListing']);
      return category ? localizedCategory(languageId, category) : null;
    },
  }),
}));
