import type { Context } from 'hono';
import { StoreApiError } from './errors';

/** Request bodies over this size are refused (413) before they are parsed. */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * The request's parameters as one object: the JSON body for POST/PATCH/PUT/DELETE, merged over the
 * query string's plain parameters (Shopware reads e.g. `p` and `search` from either).
 * Malformed JSON, or a body that is not an object, is a 400 like Shopware's.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const query = c.req.query();
  const fromQuery: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) if (!key.endsWith('[]')) fromQuery[key] = value;
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return fromQuery;

  const length = Number(c.req.header('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) {
    throw StoreApiError.of(413, 'FRAMEWORK__REQUEST_BODY_TOO_LARGE', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  }
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) {
    throw StoreApiError.of(413, 'FRAMEWORK__REQUEST_BODY_TOO_LARGE', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  }
  if (text.trim() === '') return fromQuery;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw StoreApiError.violation('/', 'FRAMEWORK__INVALID_JSON', 'The JSON payload is malformed.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw StoreApiError.violation('/', 'FRAMEWORK__INVALID_JSON', 'The JSON payload must be an object.');
  }
  return { ...fromQuery, ...(parsed as Record<string, unknown>) };
}
