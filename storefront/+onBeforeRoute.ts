import type { PageContext } from 'vike/types';
import { splitLocalePath } from './platform/i18n/locales';

// The language lives in the URL prefix (de none, /it, /fr): routes are written once, without it.
export function onBeforeRoute(pageContext: PageContext) {
  const { locale, logicalPath } = splitLocalePath(pageContext.urlParsed.pathname);
  return { pageContext: { locale, urlLogical: logicalPath + (pageContext.urlParsed.searchOriginal ?? '') } };
}
