import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { shownPathOf, splitLocalePath } from '../i18n/locales';

/**
 * Whether a path that shows a page, but is not that page's own address in its language, leads on to it (301):
 * /detail/{id}, /navigation/{id}, /landingPage/{id} and old paths (another language's SEO path or slug under
 * this prefix) do; /cp/{path} is the category's own route (SPEC §2) and stays. Only shop paths are targets,
 * never a link category's external address (ADR 0028).
 */
export function isMovedPath(shown: string, own: string): boolean {
  return own.startsWith('/') && !own.startsWith('//') && own !== shown && !/^\/cp\//.test(splitLocalePath(shown).logicalPath);
}

/** Throws Vike's 301 to the page's own address, query kept, when the shopper came by another path. */
export function leadToOwnAddress(pageContext: PageContext, own: string | null | undefined): void {
  if (own && isMovedPath(shownPathOf(pageContext), own)) throw redirect(own + (pageContext.urlParsed.searchOriginal ?? ''), 301);
}
