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

// Results of expensive read-only queries (listing facets, listing pages over whole categories) and
// values derived from them, kept until the database changes: data_version moves on commits of other
// connections, total_changes() on this one.
const MAX_REMEMBERED = 500;
const memory = new WeakMap<Db, { version: string; values: Map<string, unknown> }>();

function databaseVersion(db: Db): string {
  // Both through cached statements: this runs on every remembered read (db.pragma() prepares anew each time).
  const own = cachedStatement(db, 'SELECT total_changes() AS n').get() as { n: number };
  const version = cachedStatement(db, 'PRAGMA data_version').get() as { data_version: number };
  return `${version.data_version}:${own.n}`;
}

/** A value derived only from the database (and the key), remembered until the database changes. */
export function remembered<T>(db: Db, key: string, compute: () => T): T {
  const version = databaseVersion(db);
  let store = memory.get(db);
  if (!store || store.version !== version) {
    store = { version, values: new Map() };
    memory.set(db, store);
  }
  if (store.values.has(key)) return store.values.get(key) as T;
  const value = compute();
  if (store.values.size >= MAX_REMEMBERED) store.values.delete(store.values.keys().next().value as string);
  store.values.set(key, value);
  return value;
}

/** queryAll, answered from memory while the database has not changed since the same query ran. */
export function queryAllRemembered<T>(db: Db, sql: string, params: unknown[] = []): T[] {
  return remembered(db, `${sql}\u0000${JSON.stringify(params)}`, () => queryAll<T>(db, sql, params));
}
