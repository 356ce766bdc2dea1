import { wholeNumberSetting } from './config';

// Store API answers that are the same for every shopper of the sales channel — the menus (navigation trees)
// and the SEO URL lookups (path → page, category → path) — kept in this process for SHARED_READS_TTL_SECONDS
// and shared by all requests (issue 8: Store API calls per page). Without them every page read the three menus
// and its SEO URLs again, for every shopper, though they change a few times a day at most.
//
// Only data without prices, stock or anything of one shopper belongs here: core Shopware shows one category
// tree and one set of SEO URLs per sales channel and language, whoever is logged in. Categories with their CMS
// pages are not kept (their product slots carry the customer group's prices), and nothing is kept on a failure.

export const DEFAULT_SHARED_READS_TTL_SECONDS = 60;
/** Enough for every menu and the SEO URLs of the pages being visited; the oldest entry goes first. */
const DEFAULT_MAX_ENTRIES = 5000;

export interface SharedReads {
  /** The kept answer for `key`, else `load()`'s (asked once even when requests ask at the same moment). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** SHARED_READS_TTL_SECONDS: seconds a menu or SEO URL answer is kept (60; 0 reads every time). */
export function readSharedReadsTtl(env: NodeJS.ProcessEnv): number {
  return wholeNumberSetting(env, 'SHARED_READS_TTL_SECONDS', DEFAULT_SHARED_READS_TTL_SECONDS);
}

/** Reads every time: for gateways built without the setting (tests of single calls) and for a ttl of 0. */
export const UNSHARED_READS: SharedReads = { read: (_key, load) => load() };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createSharedReads(options: { ttlSeconds: number; maxEntries?: number; now?: () => number }): SharedReads {
  if (options.ttlSeconds <= 0) return UNSHARED_READS;
  const ttlMs = options.ttlSeconds * 1000;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Map order is insertion order: re-inserting on every write makes the first entry the oldest.
  const entries = new Map<string, { expires: number; answer: Promise<unknown> }>();

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const kept = entries.get(key);
      if (kept && kept.expires > now()) return kept.answer as Promise<T>;
      entries.delete(key);
      // Frozen: every request gets the same objects, so a resolver that changed one would change it for all.
      const answer = load().then(deepFreeze);
      entries.set(key, { expires: now() + ttlMs, answer });
      // A failed read is forgotten at once, so the next request asks again (and the failure is never served).
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return answer;
    },
  };
}
