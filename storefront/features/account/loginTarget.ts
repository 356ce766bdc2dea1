import type { PageContext } from 'vike/types';
import { localizedPath } from '../../platform/i18n/locales';
import { redirectAllowListOf, safeRedirectTarget } from '../../platform/security/safeRedirect';

/** Where the login leads: the `redirect` parameter when it is a path of this shop (or of REDIRECT_ALLOW_LIST), else the account overview. */
export function loginTargetOf(pageContext: Pick<PageContext, 'locale' | 'urlOriginal' | 'redirectAllowList'>): string {
  const search = new URL(pageContext.urlOriginal, 'http://shop.invalid').searchParams;
  return safeRedirectTarget(search.get('redirect'), localizedPath('/account', pageContext.locale), redirectAllowListOf(pageContext));
}
