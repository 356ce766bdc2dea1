import { readFileSync, statSync } from 'node:fs';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import { markPersistedOperation } from '../gateway/src/plugins/persisted-only';
import { isReleaseFile } from './release/releases';
import type { SharedState } from './sharedState';

/** What the persisted operations need of the shared state (server/sharedState.ts). */
export type SharedOperations = Pick<SharedState, 'kv' | 'onReady'>;

/** Key of an operation's text in the shared store, by its id. */
const SHARED_KEY = 'persisted:';

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
export function usePersistedOperations(file: string, options: { shared?: SharedOperations; logger?: Logger } = {}): Plugin {
  let operations: Record<string, string> = {};
  let texts = new Set<string>();
  let loadedAt = -1;
  // A release's file is read once (ADR 0026); the sources' one again whenever it changes (relay-compiler, dev).
  const fixed = isReleaseFile(file);
  const { shared } = options;
  // With several instances (REDIS_URL), each registers its build's operations in the shared store and looks
  // an id up there when its own file lacks it: during a rolling deploy a page of the new build may reach an
  // instance of the old one (and the other way round). Ids found there are kept here.
  const register = (found: Record<string, string>): void => {
    if (!shared) return;
    Promise.all(Object.entries(found).map(([id, text]) => shared.kv.set(`${SHARED_KEY}${id}`, text))).catch((error: unknown) =>
      options.logger?.warn({ err: error }, 'persisted operations: registering them in the shared store failed'),
    );
  };
  const load = (): void => {
    if (fixed && loadedAt !== -1) return;
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return;
    }
    if (mtime === loadedAt) return;
    const found = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    // Ids only accumulate: pages already open (an older bundle) keep working across a rebuild.
    operations = { ...operations, ...found };
    texts = new Set(Object.values(operations));
    loadedAt = mtime;
    register(found);
  };
  load();
  // Registered again after every (re)connect: a Redis that was empty or away at the start gets them too.
  shared?.onReady(() => register(operations));
  const sharedText = async (id: string): Promise<string | undefined> => {
    if (!shared || !/^[0-9a-f]{32,64}$/i.test(id)) return undefined;
    const text = await shared.kv.get(`${SHARED_KEY}${id}`);
    if (text) {
      operations = { ...operations, [id]: text };
      texts.add(text);
    }
    return text ?? undefined;
  };
  return {
    async onParams({ params, request, setParams }) {
      const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
      const id = persisted?.sha256Hash;
      load();
      const query = typeof id === 'string' ? (Object.hasOwn(operations, id) ? operations[id] : await sharedText(id)) : undefined;
      if (query !== undefined) {
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
