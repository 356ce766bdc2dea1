import { describe, expect, it } from 'vitest';
import { errorStatusOf, pageStatusOf } from '../../storefront/platform/relay/gatewayFetch';

describe('the HTTP status of a page from its query answer (SPEC §8 error pages)', () => {
  it('is 200 when the page has its data', () => {
    expect(pageStatusOf({ data: { route: { __typename: 'ProductPage' } } })).toBe(200);
  });

  it('stays 200 when only a nested field failed (a broken menu still shows the product)', () => {
    const payload = {
      data: { route: { __typename: 'ProductPage' }, navigation: [] },
      errors: [{ message: 'x', path: ['route', 'product', 'reviews'], extensions: { code: 'STORE_API_TIMEOUT', status: 408 } }],
    };
    expect(pageStatusOf(payload)).toBe(200);
  });

  it('maps a failed root field to the error page of its cause', () => {
    const failed = (code: string, status?: number) => pageStatusOf({ data: null, errors: [{ message: 'x', path: ['route'], extensions: { code, status } }] });
    expect(failed('STORE_API_TIMEOUT', 408)).toBe(408);
    expect(failed('STORE_API_UNREACHABLE', 0)).toBe(502);
    expect(failed('STORE_API_FAILED', 503)).toBe(503);
    expect(failed('STORE_API_FAILED', 502)).toBe(502);
    expect(failed('INTERNAL_SERVER_ERROR')).toBe(500);
  });

  it('treats a refused request (no data at all) as a 500', () => {
    expect(pageStatusOf({ errors: [{ message: 'Must provide query string.', extensions: { code: 'BAD_REQUEST' } }] })).toBe(500);
    expect(pageStatusOf({})).toBe(500);
  });

  it('maps gateway codes and statuses', () => {
    expect(errorStatusOf('TOO_MANY_REQUESTS', 429)).toBe(503);
    expect(errorStatusOf(undefined, 504)).toBe(502);
    expect(errorStatusOf(undefined, undefined)).toBe(500);
  });
});
