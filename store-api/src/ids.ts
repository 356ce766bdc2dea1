import { createHash, randomBytes } from 'node:crypto';

/** Shopware ids are 32 lowercase hex characters. */
export const ID_PATTERN = /^[0-9a-f]{32}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** A stable id for seeded data: the same name always gives the same id on every machine. */
export function stableId(...parts: (string | number)[]): string {
  return createHash('md5').update(parts.join(':')).digest('hex');
}

export function randomId(): string {
  return randomBytes(16).toString('hex');
}

/** Context tokens are opaque; Shopware uses 32 random alphanumerics. */
export function newContextToken(): string {
  return randomBytes(24).toString('base64url').slice(0, 32);
}
