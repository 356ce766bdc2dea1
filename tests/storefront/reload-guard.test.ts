import { describe, expect, it } from 'vitest';
import { mayReload, RELOAD_GUARD_MS } from '../../storefront/platform/navigation/reloadGuard';

describe('reload guard (SPEC §4, §9: 10 s)', () => {
  it('reloads a failing page the first time', () => {
    expect(mayReload(null, '/medikamente', 1_000)).toBe(true);
  });

  it('does not reload the same path again within 10 seconds', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(mayReload({ path: '/medikamente', at: 1_000 }, '/medikamente', 1_000 + 9_999)).toBe(false);
  });

  it('reloads again after the window, or for another path', () => {
    expect(mayReload({ path: '/medikamente', at: 1_000 }, '/medikamente', 11_000)).toBe(true);
    expect(mayReload({ path: '/medikamente', at: 1_000 }, '/fr/medicaments', 2_000)).toBe(true);
  });
});
