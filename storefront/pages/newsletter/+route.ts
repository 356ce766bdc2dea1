import type { PageContext } from 'vike/types';

// SPEC §2: /newsletter-subscribe (?em=&hash= from the confirmation mail: the confirmation result; without
// them: a subscribe form) and /newsletter-unsubscribe/{hash} (unsubscribes on load).
const UNSUBSCRIBE = /^\/newsletter-unsubscribe\/([^/]{1,200})$/;

export default (pageContext: PageContext) => {
  if (pageContext.urlPathname === '/newsletter-subscribe') return { precedence: 10, routeParams: { action: 'subscribe', hash: '' } };
  const match = UNSUBSCRIBE.exec(pageContext.urlPathname);
  if (!match) return false;
  let hash: string;
  try {
    hash = decodeURIComponent(match[1]!);
  } catch {
    hash = '';
  }
  return { precedence: 10, routeParams: { action: 'unsubscribe', hash } };
};
