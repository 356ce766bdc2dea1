import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';

// better-sqlite3 compiles SQL on every db.prepare(); the hot paths reuse compiled statements.
// Statement texts depend only on the shape of a Criteria (values are parameters), so the cache
// stays small; it is capped anyway so odd requests cannot grow it without bound.
const MAX_CACHED = 2000;
const caches = new WeakMap<Db, Map<string, Statement>>();

export function cachedStatement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
  }
  return statement;
}

/** All rows of a cached statement. */
export function queryAll<T>(db: Db, sql: string, params: unknown[] = []): T[] {
  return cachedStatement(db, sql).all(...params) as T[];
}

export function queryOne<T>(db: Db, sql: string, params: unknown[] = []): T | undefined {
  return cachedStatement(db, sql).get(...params) as T | undefined;
}

/** One bound parameter for a list of ids: `col IN (SELECT value FROM json_each(?))`. */
export function idList(ids: readonly string[]): string {
  return JSON.stringify(ids);
}
