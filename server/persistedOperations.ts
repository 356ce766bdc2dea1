import { readFileSync, statSync } from 'node:fs';
import { validate } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * The storefront's operations by id: relay-compiler writes `persisted_queries.json` ({sha256: text}) and
 * the pages send only the id (`extensions.persistedQuery.sha256Hash`). This yoga plugin puts the text
 * back. Arbitrary operations (GraphiQL, apps) stay allowed; turning this into an allow-list is a later
 * decision (issue 8). The file is read again when it changes (a rebuild while the server runs); ids
 * already known stay known.
 *
 * The storefront's own operations are trusted: a page query composed of every fragment on a product or
 * category page (CMS sections × blocks × slots × products) costs far more than the complexity limit meant
 * for unknown queries, and its shape is fixed at build time. So the depth/complexity/alias limits apply to
 * every other document; a persisted one gets graphql's standard validation only. This plugin must come
 * after useQueryLimits (it replaces the validation function that plugin set).
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
    onParams({ params, setParams }) {
      if (params.query) return;
      const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
      const id = persisted?.sha256Hash;
      if (typeof id !== 'string') return;
      load();
      const query = operations[id];
      // Unknown ids fall through to yoga's "Must provide query string" (400).
      if (query) setParams({ ...params, query });
    },
    onValidate({ context, setValidationFn }) {
      const query = (context as { params?: { query?: string } }).params?.query;
      if (!query) return;
      load();
      if (texts.has(query)) setValidationFn(validate);
    },
  };
}
