import { describe, expect, it } from 'vitest';
import { WISHLIST_STORAGE_KEY, readLocalWishlist, writeLocalWishlist } from '../../storefront/features/wishlist/localWishlist';

function storageWith(value: string | null): Pick<Storage, 'getItem' | 'setItem'> & { stored: Map<string, string> } {
  const stored = new Map<string, string>();
  if (value !== null) stored.set(WISHLIST_STORAGE_KEY, value);
  return { stored, getItem: (key) => stored.get(key) ?? null, setItem: (key, v) => void stored.set(key, v) };
}

describe('the local wishlist (SPEC §4: anonymous shoppers keep it in local storage)', () => {
  it('reads the stored product ids', () => {
    expect(readLocalWishlist(storageWith('["a1","b2"]'))).toEqual(['a1', 'b2']);
  });

  it('is empty when nothing is stored or there is no storage (the server)', () => {
    expect(readLocalWishlist(storageWith(null))).toEqual([]);
    expect(readLocalWishlist(undefined)).toEqual([]);
  });

  it('is empty for bad JSON and for JSON that is not a list', () => {
    for (const bad of ['{', 'not json', '{"a":1}', '42', 'null', '"a1"']) {
      expect(readLocalWishlist(storageWith(bad)), bad).toEqual([]);
    }
  });

  it('keeps only non-empty string ids, each once', () => {
    expect(readLocalWishlist(storageWith('["a1", 3, null, "", "a1", {"id":"x"}, "b2"]'))).toEqual(['a1', 'b2']);
  });

  it('is empty when the browser blocks storage', () => {
    const blocked = { getItem: (): string | null => { throw new DOMException('denied', 'SecurityError'); } };
    expect(readLocalWishlist(blocked)).toEqual([]);
  });

  it('writes a list it can read back', () => {
    const storage = storageWith(null);
    writeLocalWishlist(storage, ['a1', 'b2', 'a1']);
    expect(storage.stored.get(WISHLIST_STORAGE_KEY)).toBe('["a1","b2"]');
    expect(readLocalWishlist(storage)).toEqual(['a1', 'b2']);
  });
});
