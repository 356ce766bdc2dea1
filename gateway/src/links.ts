import { DEFAULT_LOCALE, LOCALES, type Locale } from './languages';

// The ONE place where storefront links are built and read back (SPEC §2 "Link building"): every URL the
// graph returns comes from `linkFor`, and `route(path)` reads paths with `parseStorefrontPath`.

export type LinkKind = 'product' | 'category' | 'landingPage';

/** A SEO URL as the Store API returns it (seoUrls[] on products, categories and landing pages). */
export interface SeoUrlLike {
  seoPathInfo?: string | null;
  languageId?: string | null;
  isCanonical?: boolean | null;
  isDeleted?: boolean | null;
}

export interface LinkTarget {
  kind: LinkKind;
  id: string;
  locale: Locale;
  /** the entity's seoUrls; entries of another language than `languageId` are skipped */
  seoUrls?: readonly SeoUrlLike[] | null;
  /** a SEO path already chosen for this language (e.g. category.seoUrl) */
  seoPathInfo?: string | null;
  /** the language the seoUrls should be in, when the entries carry one */
  languageId?: string | null;
  /** the sales channel's navigation (root) category links to the home page '/' */
  isRoot?: boolean;
}

/** The pathInfo prefix per kind, as Shopware's technical routes name them. */
const TECHNICAL_PREFIX: Record<LinkKind, string> = {
  product: '/detail/',
  category: '/navigation/',
  landingPage: '/landingPage/',
};

/** The URL prefix of a locale: none for German, /it and /fr otherwise (SPEC §9). */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

function cleanSeoPath(path: string | null | undefined): string | null {
  const trimmed = (path ?? '').trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? null : trimmed;
}

/** The SEO path to use: the given one, else the canonical seoUrl of that language, else any of it. */
function chooseSeoPath(target: LinkTarget): string | null {
  const given = cleanSeoPath(target.seoPathInfo);
  if (given) return given;
  const candidates = (target.seoUrls ?? []).filter(
    (url) => !url.isDeleted && cleanSeoPath(url.seoPathInfo) && (!target.languageId || !url.languageId || url.languageId === target.languageId),
  );
  const chosen = candidates.find((url) => url.isCanonical) ?? candidates[0];
  return chosen ? cleanSeoPath(chosen.seoPathInfo) : null;
}

/**
 * The storefront path of a product, category or landing page: `/{seoPath}` when one exists in the
 * language, else `/detail/{id}`, `/navigation/{id}` or `/landingPage/{id}`; prefixed /it or /fr; no
 * trailing slash. The root category is the home page.
 */
export function linkFor(target: LinkTarget): string {
  const prefix = localePrefix(target.locale);
  if (target.kind === 'category' && target.isRoot) return prefix || '/';
  const seoPath = chooseSeoPath(target);
  const path = seoPath ? `/${seoPath}` : `${TECHNICAL_PREFIX[target.kind]}${target.id}`;
  return `${prefix}${path}`;
}

/** Only these protocols may leave the shop (SPEC §8: dangerous protocols such as javascript: are refused). */
const SAFE_EXTERNAL_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * A category's externalLink that is safe to show, or null (javascript:, data:, protocol-relative or
 * malformed). A path on this shop ("/it/chi-siamo", as the footer's service links are) stays as it is:
 * it already carries its language prefix.
 */
export function safeExternalLink(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  if (value.startsWith('/')) {
    // "//host" and "/\host" leave the shop in a browser; control characters hide a protocol
    return /^\/[/\\]/.test(value) || /[\s\p{Cc}]/u.test(value) ? null : value;
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  return SAFE_EXTERNAL_PROTOCOLS.has(parsed.protocol) ? parsed.toString() : null;
}

/** The parts of a category that decide where it links to (Store API category fields). */
export interface CategoryLinkSource {
  id: string;
  type?: string | null;
  linkType?: string | null;
  internalLink?: string | null;
  externalLink?: string | null;
  seoUrl?: string | null;
  seoUrls?: readonly SeoUrlLike[] | null;
}

/**
 * Where a category links to. A category of type `link` points at a product, another category, a landing
 * page (internalLink) or an external URL (only http(s) or a shop path); a page links to itself. Returns
 * null for a folder and for a link whose target is missing or unsafe, so the storefront shows plain text.
 * The internal target's SEO path is not known here, so its technical path is used; the route resolves it.
 */
export function categoryLink(
  category: CategoryLinkSource,
  options: { locale: Locale; languageId?: string | null; rootCategoryId?: string | null },
): string | null {
  if (category.type === 'link') {
    const internal = category.internalLink?.trim();
    switch (category.linkType) {
      case 'external':
        return safeExternalLink(category.externalLink);
      case 'product':
        return internal ? linkFor({ kind: 'product', id: internal, locale: options.locale }) : null;
      case 'category':
        return internal
          ? linkFor({ kind: 'category', id: internal, locale: options.locale, isRoot: internal === options.rootCategoryId })
          : null;
      case 'landing_page':
        return internal ? linkFor({ kind: 'landingPage', id: internal, locale: options.locale }) : null;
      default:
        // Shopware's older link categories carry only an externalLink and no linkType.
        return safeExternalLink(category.externalLink);
    }
  }
  // a folder only groups other categories: it has no page to link to (the root still is the home page)
  if (category.type === 'folder' && category.id !== options.rootCategoryId) return null;
  return categoryPageLink(category, { ...options, isRoot: category.id === options.rootCategoryId });
}

/** The path of a category's own page (its SEO path in the language, else /navigation/{id}), whatever its type. */
export function categoryPageLink(
  category: Pick<CategoryLinkSource, 'id' | 'seoUrl' | 'seoUrls'>,
  options: { locale: Locale; languageId?: string | null; isRoot?: boolean },
): string {
  return linkFor({
    kind: 'category',
    id: category.id,
    locale: options.locale,
    languageId: options.languageId,
    seoUrls: category.seoUrls,
    // seoUrl is the fallback when seoUrls were not loaded: the same path as a full URL
    seoPathInfo: category.seoUrls?.length ? null : seoPathOfCategoryUrl(category.seoUrl),
    isRoot: options.isRoot === true,
  });
}

/**
 * category.seoUrl is a full URL (or a path) with the language prefix in it, e.g.
 * http://shop.test/it/medicamenti; only a SEO path counts, a technical one does not.
 */
function seoPathOfCategoryUrl(seoUrl: string | null | undefined): string | null {
  if (!seoUrl) return null;
  let path = seoUrl;
  if (/^https?:\/\//i.test(seoUrl)) {
    try {
      path = new URL(seoUrl).pathname;
    } catch {
      return null;
    }
  }
  const parsed = parseStorefrontPath(path);
  return parsed.kind === 'seo' ? parsed.seoPathInfo : null;
}

/** A storefront path read back: its language and either a technical target or a SEO path to look up. */
export type ParsedStorefrontPath =
  | { locale: Locale | null; kind: 'home' }
  | { locale: Locale | null; kind: LinkKind; id: string }
  | { locale: Locale | null; kind: 'seo'; seoPathInfo: string }
  | { locale: Locale | null; kind: 'invalid' };

const ID_PATTERN = /^[0-9a-f]{32}$/i;

/**
 * Reads a storefront path (SPEC §2): a leading /it or /fr sets the language (null: none in the path);
 * /detail/{id}, /navigation/{id}, /landingPage/{id} are resolved by pathInfo; '/' is the home page; any
 * other path is a SEO path with the leading slash removed. Query strings and hashes are ignored.
 */
export function parseStorefrontPath(rawPath: string): ParsedStorefrontPath {
  let path = rawPath.trim().replace(/[?#].*$/, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return { locale: null, kind: 'invalid' };
  try {
    path = decodeURI(path);
  } catch {
    return { locale: null, kind: 'invalid' };
  }
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');

  let locale: Locale | null = null;
  const first = path.split('/')[1]?.toLowerCase();
  const prefixed = LOCALES.find((l) => l !== DEFAULT_LOCALE && l === first);
  if (prefixed) {
    locale = prefixed;
    path = path.slice(prefixed.length + 1) || '/';
  }
  if (path === '/') return { locale, kind: 'home' };

  for (const kind of Object.keys(TECHNICAL_PREFIX) as LinkKind[]) {
    const prefix = TECHNICAL_PREFIX[kind];
    if (path.startsWith(prefix)) {
      const id = path.slice(prefix.length);
      return ID_PATTERN.test(id) ? { locale, kind, id: id.toLowerCase() } : { locale, kind: 'invalid' };
    }
  }
  return { locale, kind: 'seo', seoPathInfo: path.slice(1) };
}

/** A brand's path segment for /b/{slug}: its name in lower case, accents dropped, words joined by '-'. */
export function brandSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' und ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
