import { GraphQLError } from 'graphql';

// Argument checks of the catalogue fields, made BEFORE any Store API call. A bad argument is a GraphQL
// error with extensions.code BAD_USER_INPUT and the argument's name (not errors-as-data): it is a bug in
// the caller's query, not a state of the shop that a storefront should render.

/** SPEC §9 / issue 8: no page of a list may hold more than 100 items. */
export const MAX_PAGE_SIZE = 100;

const SHOPWARE_ID = /^[0-9a-f]{32}$/i;

export function badArgument(argument: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', argument } });
}

/** A Shopware id (32 hex characters), lower-cased as the Store API stores it. */
export function shopwareId(argument: string, value: string): string {
  const id = value.trim();
  if (!SHOPWARE_ID.test(id)) throw badArgument(argument, `${argument} must be a Shopware id of 32 hexadecimal characters, got "${value.slice(0, 64)}".`);
  return id.toLowerCase();
}

export function shopwareIds(argument: string, values: readonly string[] | null | undefined): string[] {
  return (values ?? []).map((value) => shopwareId(argument, value));
}

export function pageNumber(argument: string, value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) throw badArgument(argument, `${argument} must be 1 or more, got ${value}.`);
  return value;
}

export function pageSize(argument: string, value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE) {
    throw badArgument(argument, `${argument} must be between 1 and ${MAX_PAGE_SIZE}, got ${value}.`);
  }
  return value;
}

export function nonNegative(argument: string, value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0) throw badArgument(argument, `${argument} must be 0 or more, got ${value}.`);
  return value;
}

/** Offset cursors of the catalogue's connections: "offset:N", base64url, opaque to clients. */
export function offsetCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');
}

export function offsetOfCursor(argument: string, cursor: string | null | undefined): number | undefined {
  if (cursor === null || cursor === undefined) return undefined;
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^offset:(\d{1,9})$/.exec(decoded);
  if (!match) throw badArgument(argument, `${argument} is not a cursor of this list.`);
  return Number(match[1]);
}
