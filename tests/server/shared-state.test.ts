import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { GatewaySetupError } from '../../gateway/src/config';
import { createSharedState, memoryState, readRedisUrl } from '../../server/sharedState';

// REDIS_URL decides where the instances' shared state lives (ADR 0017); a bad one stops the start with a
// clear message, before anything is served. Without it, one instance keeps it in memory.

describe('shared state', () => {
  it('REDIS_URL unset is one instance in memory; redis:// and rediss:// are Redis', () => {
    expect(readRedisUrl({})).toBeNull();
    expect(readRedisUrl({ REDIS_URL: '  ' })).toBeNull();
    expect(createSharedState({}, pino({ level: 'silent' })).kind).toBe('memory');
    expect(readRedisUrl({ REDIS_URL: 'redis://redis.internal:6379/0' })).toBe('redis://redis.internal:6379/0');
    expect(readRedisUrl({ REDIS_URL: 'rediss://:secret@redis.internal:6380' })).toBe('rediss://:secret@redis.internal:6380');
  });

  it('a bad REDIS_URL is a setup error that says what is wrong', () => {
    expect(() => readRedisUrl({ REDIS_URL: 'redis.internal:6379' })).toThrow(GatewaySetupError);
    expect(() => readRedisUrl({ REDIS_URL: 'redis.internal:6379' })).toThrow(/REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    expect(() => readRedisUrl({ REDIS_URL: 'http://redis.internal' })).toThrow(/REDIS_URL must start with redis:\/\//);
    expect(() => readRedisUrl({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL is not a valid URL/);
  });

  it('the in-memory counter counts per key in a fixed window', async () => {
    const { counter } = memoryState();
    expect(await counter.hit('login:x', 900)).toEqual({ count: 1, resetSeconds: 900 });
    expect((await counter.hit('login:x', 900)).count).toBe(2);
    expect((await counter.hit('login:y', 900)).count).toBe(1);
  });
});
