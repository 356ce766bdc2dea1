import type { PageContext } from 'vike/types';
import type { GraphQLTaggedNode, Variables } from 'relay-runtime';

/**
 * A page's data needs, declared in its `+pageQuery.ts`: its ONE query (made of its components'
 * fragments), the variables it takes from the URL, and optionally the HTTP status its answer means.
 * The root data hook (storefront/+data.shared.ts) runs it; the page reads it with usePageQuery.
 */
export interface PageQueryDefinition {
  query: GraphQLTaggedNode;
  /** may be async: a page may load what it parses the URL with (the route page) */
  variables: (pageContext: PageContext) => Variables | Promise<Variables>;
  /** may also throw Vike's redirect() (an id path leading on to the SEO path) */
  statusOf?: (data: Record<string, unknown>, pageContext: PageContext) => number;
  /**
   * Loads what rendering the answer needs beyond the page's own chunk (the route page's view), before
   * rendering: after the query on the server and on client navigation, and before hydration.
   */
  prepare?: (data: Record<string, unknown> | null | undefined) => Promise<void>;
}

export function definePageQuery(definition: PageQueryDefinition): PageQueryDefinition {
  return definition;
}
