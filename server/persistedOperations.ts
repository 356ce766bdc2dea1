import { readFileSync, statSync } from 'node:fs';
import type { Plugin } from 'graphql-yoga';
import { markPersistedOperation } from '../gateway/src/plugins/persisted-only';

/**
 * The storefront's operations by id, the gateway's allow-list: relay-compiler writes
 * `persisted_queries.json` ({sha256: text}) and the pages send only the id
 * (`extensions.persistedQuery.sha256Hash`). This yoga plugin puts the stored text in place (a text sent along
 * with a known id is replaced by the stored one) and marks the request as persisted
 * (gateway/src/plugins/persisted-only.ts). The file is read again when it changes (a rebuild while the
 * server runs); ids already known stay known, so pages of an older bundle keep working.
 *
 * What the mark means is decided in the gateway: the storefront's own operations are trusted — their shape is
 * fixed at build time, and a product or category page query composing every CMS fragment costs far more
 * (up to ~95,000) than the budget for unknown queries — so they get the trusted limits of query-limits.ts;
 * with GRAPHQL_PERSISTED_ONLY=true only requests sent by a known id run at all (usePersistedOnly), and an
 * unknown id is always refused with PERSISTED_QUERY_NOT_FOUND. A text identical to a persisted operation,
 * sent without its id, is trusted for the limits but does not pass persisted-only.
 */
export function usePersistedOperations(file: string): Plugin {
  let operations: Record<string, string> = {};
  let texts = new Set<string>();
  let loadedAt = -1;
  const load = (): void => {
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return;
    }
    if (mtime === loadedAt) return;
    // Ids only accumulate: pages already open (an older bundle) keep working across a rebuild.
    operations = { ...operations, ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) };
    texts = new Set(Object.values(operations));
    loadedAt = mtime;
  };
  return {
    onParams({ params, request, setParams }) {
      const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
      const id = persisted?.sha256Hash;
      load();
      if (typeof id === 'string' && Object.hasOwn(operations, id)) {
        const query = operations[id]!;
        markPersistedOperation(request, 'id');
        if (params.query !== query) setParams({ ...params, query });
        return;
      }
      // An unknown id is refused by the gateway (usePersistedOnly); a text of our own is still ours.
      if (typeof params.query === 'string' && texts.has(params.query)) markPersistedOperation(request, 'text');
    },
  };
}

/**
 * Marks a request this server's own code sends to the gateway in process (never one from the network) as
 * trusted, so it runs under GRAPHQL_PERSISTED_ONLY too: e.g. the sitemap's language list.
 */
export function internalGatewayRequest(request: Request): Request {
  markPersistedOperation(request, 'internal');
  return request;
}
