import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLanguageDirectoryCache } from '../../gateway/src/languages';
import type { StoreClient } from '../../gateway/src/store-client';

// The gateway's language list (gateway/src/languages.ts): read once, refreshed every 5 minutes in the background,
// and kept when a refresh fails, so a Store API that is down does not hold up requests the caches can answer.

const LANGUAGES = { elements: [{ id: 'a'.repeat(32), translationCode: { code: 'de-CH' } }, { id: 'b'.repeat(32), translationCode: { code: 'fr-CH' } }] };

/** A client whose language call answers from `answers` in turn (an Error fails that call). */
function clientAnswering(answers: Array<typeof LANGUAGES | Error>): StoreClient & { calls: number } {
  const client = {
    calls: 0,
    languageId: null,
    session: { contextToken: null },
    async invoke() {
      const answer = answers[Math.min(client.calls, answers.length - 1)]!;
      client.calls += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return client as unknown as StoreClient & { calls: number };
}

afterEach(() => vi.useRealTimers());

describe('the language list', () => {
  it('is read once, and a failed first read is tried again by the next request', async () => {
    const languages = createLanguageDirectoryCache();
    const client = clientAnswering([new Error('Store API down'), LANGUAGES]);
    await expect(languages(client)).rejects.toThrow('Store API down');
    const directory = await languages(client);
    expect(directory.idOf('fr')).toBe('b'.repeat(32));
    await languages(client);
    expect(client.calls).toBe(2);
  });

  it('keeps the last good list when a refresh fails, and answers at once while refreshing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const languages = createLanguageDirectoryCache();
    const client = clientAnswering([LANGUAGES, new Error('Store API down')]);
    expect((await languages(client)).localeOf('b'.repeat(32))).toBe('fr');
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect((await languages(client)).localeOf('b'.repeat(32))).toBe('fr');
    expect(client.calls).toBe(2);
    // the failed refresh is not repeated by every request: the next try comes after another 5 minutes
    await languages(client);
    expect(client.calls).toBe(2);
  });
});
