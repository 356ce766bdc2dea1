import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import { LANGUAGES, type LanguageKey } from '../known-ids';

/** A text in the shop's three languages. */
export type Tr = Record<LanguageKey, string>;

type Cell = string | number | boolean | null | undefined | object;

/**
 * Inserts seed rows through one cached prepared statement per table and column list.
 * Table and column names only ever come from the seed's own code, never from input.
 */
export class TableWriter {
  private readonly statements = new Map<string, Statement>();
  readonly counts = new Map<string, number>();

  constructor(readonly db: Db) {}

  insert(table: string, row: Record<string, Cell>): void {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      this.statements.set(key, statement);
    }
    statement.run(...columns.map((column) => toSqlValue(row[column])));
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  /** One row per language: `fields(lang)` gives that language's columns. */
  translations(table: string, keys: Record<string, string>, fields: (lang: LanguageKey) => Record<string, Cell>): void {
    for (const language of LANGUAGES) {
      this.insert(table, { ...keys, language_id: language.id, ...fields(language.key) });
    }
  }
}

function toSqlValue(value: Cell): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

export function tr(de: string, it: string, fr: string): Tr {
  return { de, it, fr };
}

/** The same text in every language (brand names, numbers). */
export function same(text: string): Tr {
  return { de: text, it: text, fr: text };
}
