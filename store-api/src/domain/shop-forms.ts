import type { SalesChannelContext } from '../context';
import { StoreApiError, type Violation } from '../errors';
import { prepared, salesChannelDomains } from '../entities/system';
import { isId } from '../ids';

// The one request-body checker of the Store API's account and shop forms (registration, account area, recovery,
// newsletter, loyalty, contact): Shopware's violation codes, details and parameters. The "logged-in customer"
// guards (requireCustomer, requireAccount) are in ./customer.ts.

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/** The value as Shopware's violation parameters show it. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 64 ? `${value.slice(0, 64)}…` : value}"`;
  const json = JSON.stringify(value ?? null);
  return json.length > 64 ? `${json.slice(0, 64)}…` : json;
}

export function blank(pointer: string, value: unknown): Violation {
  return { pointer, code: 'VIOLATION::IS_BLANK_ERROR', detail: 'This value should not be blank.', parameters: { '{{ value }}': shown(value) } };
}

/** Collects the violations of one request body; every reader answers the clean value or null. */
export class FormChecker {
  readonly violations: Violation[] = [];

  add(violation: Violation): void {
    this.violations.push(violation);
  }

  blank(pointer: string, value: unknown): void {
    this.add(blank(pointer, value));
  }

  /** A trimmed string (null when absent and optional). */
  text(pointer: string, value: unknown, options: { required?: boolean; max?: number } = {}): string | null {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (options.required) this.blank(pointer, value);
      return null;
    }
    if (typeof value !== 'string') {
      this.add({ pointer, code: 'VIOLATION::INVALID_TYPE_ERROR', detail: 'This value should be of type string.', parameters: { '{{ value }}': shown(value), '{{ type }}': 'string' } });
      return null;
    }
    const text = value.trim();
    const max = options.max ?? 255;
    if (text.length > max) {
      this.add({ pointer, code: 'VIOLATION::TOO_LONG_ERROR', detail: `This value is too long. It should have ${max} characters or less.`, parameters: { '{{ value }}': shown(value), '{{ limit }}': max } });
      return null;
    }
    return text;
  }

  /** A required email address, lower-cased. */
  email(pointer: string, value: unknown, options: { required?: boolean } = { required: true }): string | null {
    const email = this.text(pointer, value, { required: options.required, max: 254 });
    if (email === null) return null;
    if (!EMAIL_PATTERN.test(email)) {
      this.add({ pointer, code: 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR', detail: 'This value is not a valid email address.', parameters: { '{{ value }}': shown(value) } });
      return null;
    }
    return email.toLowerCase();
  }

  /** The id of an existing row (`sql` selects it by id); null when absent and optional. */
  entity(ctx: SalesChannelContext, pointer: string, value: unknown, entity: string, sql: string, options: { required?: boolean } = {}): string | null {
    if (value === undefined || value === null || value === '') {
      if (options.required) this.blank(pointer, value);
      return null;
    }
    if (!isId(value) || !prepared(ctx.db, sql).get(value)) {
      this.add({
        pointer,
        code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS',
        detail: `The ${entity} entity with id ${shown(value)} does not exist.`,
        parameters: { '{{ entity }}': entity, '{{ id }}': shown(value) },
      });
      return null;
    }
    return value;
  }

  /** One of the allowed values. */
  choice<T extends string>(pointer: string, value: unknown, choices: readonly T[]): T | null {
    if (value === undefined || value === null || value === '') {
      this.blank(pointer, value);
      return null;
    }
    if (typeof value !== 'string' || !choices.includes(value as T)) {
      this.add({
        pointer,
        code: 'VIOLATION::NO_SUCH_CHOICE_ERROR',
        detail: 'The value you selected is not a valid choice.',
        parameters: { '{{ value }}': shown(value), '{{ choices }}': choices.map((c) => `"${c}"`).join(', ') },
      });
      return null;
    }
    return value as T;
  }

  /**
   * The storefront URL a mail link starts with: exactly one of the sales channel's domain URLs (origin and language
   * prefix, trailing slash ignored), as Shopware's Choice of domain URLs, so nobody can put a foreign site or page
   * into a mail the shop sends, whatever Host the request came with (ADR 0022, 0027).
   */
  storefrontUrl(ctx: SalesChannelContext, pointer: string, value: unknown, options: { required?: boolean } = {}): string {
    if (value === undefined || value === null || value === '') {
      if (options.required) this.blank(pointer, value);
      return ctx.origin;
    }
    const domains = salesChannelDomains(ctx).map((domain) => domain.url);
    const chosen = typeof value === 'string' ? value.replace(/\/+$/, '') : null;
    if (chosen !== null && domains.includes(chosen)) return chosen;
    this.add({
      pointer,
      code: 'VIOLATION::NO_SUCH_CHOICE_ERROR',
      detail: 'The value you selected is not a valid choice.',
      parameters: { '{{ value }}': shown(value), '{{ choices }}': domains.map((url) => `"${url}"`).join(', ') },
    });
    return ctx.origin;
  }

  fail(): void {
    if (this.violations.length) throw StoreApiError.violations(this.violations);
  }
}
