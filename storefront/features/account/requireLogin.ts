import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { localizedPath, shownPathOf } from '../../platform/i18n/locales';

/**
 * SPEC §2/§4: account screens need a login. Called from an account page's `statusOf` with the page
 * query's `viewer`: a visitor who is not logged in (anonymous, guest, or waiting for the registration
 * confirmation) is sent to /login in the page's language, with the page to come back to after the login
 * (`?redirect=/fr/account/order`, a same-origin path only — the login page must check it stays one).
 */
export function requireLogin(viewer: { readonly loggedIn: boolean } | null | undefined, pageContext: PageContext): void {
  if (viewer?.loggedIn) return;
  throw redirect(loginRedirectPath(pageContext));
}

/** /login (localized) with the current page (path and query) to return to. */
export function loginRedirectPath(pageContext: Pick<PageContext, 'locale' | 'urlOriginal'>): string {
  const url = new URL(pageContext.urlOriginal, 'http://shop.invalid');
  const back = shownPathOf(pageContext) + url.search;
  return `${localizedPath('/login', pageContext.locale)}?redirect=${encodeURIComponent(back)}`;
}
