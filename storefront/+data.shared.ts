import type { PageContext } from 'vike/types';
import { loadPageQuery, type PageQueryData } from './platform/relay/pageQuery';

// Shared (server and browser): on client navigation the browser runs it and fetches the page's ONE query
// from /graphql itself; a server-only data hook would make Vike fetch pageContext.json instead (STACK.md).
export async function data(pageContext: PageContext): Promise<PageQueryData | null> {
  const definition = pageContext.config.pageQuery;
  if (!definition) return null;
  const result = await loadPageQuery(pageContext, definition.query, await definition.variables(pageContext), definition.statusOf);
  await definition.prepare?.(result.response?.data);
  return result;
}
