/**
 * Whether a menu link leads to the page the shopper is on or to one of its sub-pages (SPEC §2: the
 * active link takes the primary brand text colour). Both are storefront paths from the graph's `url`
 * fields, with the language prefix; the home page is active only on itself.
 */
export function linkState(linkUrl: string | null | undefined, currentPath: string): 'page' | 'section' | undefined {
  if (!linkUrl || !linkUrl.startsWith('/')) return undefined;
  const link = trimPath(linkUrl);
  const current = trimPath(currentPath);
  if (link === current) return 'page';
  if (isHome(link)) return undefined;
  return current.startsWith(`${link}/`) ? 'section' : undefined;
}

function trimPath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return decodeSafely(trimmed).toLowerCase() || '/';
}

function isHome(path: string): boolean {
  return path === '/' || path === '/it' || path === '/fr';
}

function decodeSafely(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
