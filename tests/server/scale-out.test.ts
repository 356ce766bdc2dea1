import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedOperations } from '../../server/persistedOperations';
import { gatewayRequestBody } from '../../storefront/platform/relay/gatewayFetch';
import { gql, haveRedis, postGraphql, REDIS_SERVER, startInstance, startRedis, type Instance } from '../support/redisInstances';

// Issue 8 item 4: with REDIS_URL, two instances of the shop share the GraphQL response cache, the rate-limit
// counters and the persisted operations through a real Redis (Debian's redis-server, started here on
// loopback), and nothing else: each instance has its own Store API (its own copy of the shop's database),
// its own gateway and HTTP server, as N stateless instances behind a load balancer would.

if (!haveRedis) console.warn(`scale-out tests skipped: ${REDIS_SERVER} is not installed (apt-get install redis-server; .ci/run installs it)`);

/** Two builds' allow-lists: each instance knows one operation the other's build does not have. */
const OPERATION_A = { id: 'a1'.repeat(32), text: 'query BuildALanguages { languages { locale } }' };
const OPERATION_B = { id: 'b2'.repeat(32), text: 'query BuildBCountries { countries { iso } }' };

describe.skipIf(!haveRedis)('scale-out through Redis: two instances share the cache, the limits and the persisted operations', () => {
  let redis: ChildProcess;
  let redisUrl: string;
  let client: Redis;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ({ process: redis, url: redisUrl } = await startRedis());
    client = new Redis(redisUrl);
    client.on('error', () => {}); // the last test stops Redis on purpose
    const folder = mkdtempSync(join(tmpdir(), 'scale-out-'));
    const fileA = join(folder, 'build-a.json');
    const fileB = join(folder, 'build-b.json');
    writeFileSync(fileA, JSON.stringify({ [OPERATION_A.id]: OPERATION_A.text }));
    writeFileSync(fileB, JSON.stringify({ [OPERATION_B.id]: OPERATION_B.text }));
    const logger = pino({ level: 'silent' });
    const instanceWith = (file: string) =>
      startInstance({ redisUrl, logger, plugins: (shared) => [usePersistedOperations(file, { shared, logger })], rateLimits: { login: { max: 4, windowSeconds: 900 } } });
    [a, b] = await Promise.all([instanceWith(fileA), instanceWith(fileB)]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    client?.disconnect();
    if (redis?.pid && redis.exitCode === null) process.kill(redis.pid);
  });

  it('(a) an anonymous catalogue query answered by A is a cache hit on B: B makes no Store API call', async () => {
    const query = '{ product(productNumber: "P100014") { name productNumber price { unitPrice } } }';
    const first = await gql(a, query);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.product.productNumber).toBe('P100014');
    expect(a.storeCalls).toBeGreaterThan(0);
    expect(await client.keys('shop:response:*')).not.toEqual([]);

    const fromB = await gql(b, query);
    expect(fromB.body).toEqual(first.body);
    expect(fromB.headers['x-graphql-cache']).toBe('hit');
    expect(b.storeCalls).toBe(0);
  });

  it('(b) logins spread over A and B count into one limit: the fifth, on B, is refused with RATE_LIMITED', async () => {
    const login = `mutation { login(input: { email: "scale-out@example.ch", password: "wrong-password" }) { errors { code } } }`;
    const storeCallsBefore = b.storeCalls;
    for (const instance of [a, b, a, b]) {
      const answer = await gql(instance, login);
      expect(answer.body.data.login.errors[0].code).toBe('LOGIN_FAILED');
    }
    const refused = await gql(b, login);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    expect(refused.body.errors?.[0]?.message).toMatch(/^Zu viele Anfragen/);
    // refused before running: B called its Store API for its own two attempts only
    expect(b.storeCalls - storeCallsBefore).toBe(2);
    // and A, which counted only two of them itself, refuses too
    expect((await gql(a, login)).body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('(c) a persisted operation known only to A’s build is accepted by B (a rolling deploy)', async () => {
    const onB = await postGraphql(b, gatewayRequestBody({ id: OPERATION_A.id, variables: {} }));
    expect(onB.body.errors).toBeUndefined();
    expect(onB.body.data.languages.map((language: { locale: string }) => language.locale)).toEqual(['DE', 'IT', 'FR']);
    const onA = await postGraphql(a, gatewayRequestBody({ id: OPERATION_B.id, variables: {} }));
    expect(onA.body.errors).toBeUndefined();
    expect(onA.body.data.countries.length).toBeGreaterThan(0);
    // an id no build has stays refused
    const unknown = await postGraphql(b, gatewayRequestBody({ id: 'c3'.repeat(32), variables: {} }));
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('a failed Redis takes no page down: answers come from the Store API, the limits let requests through', async () => {
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    process.kill(redis.pid!);
    await exited;
    const query = '{ product(productNumber: "P100015") { name productNumber } }';
    const answer = await gql(b, query);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.product.productNumber).toBe('P100015');
    // the login limit was reached above; without its counter the gateway fails open (and logs it)
    const login = await gql(b, `mutation { login(input: { email: "scale-out-2@example.ch", password: "wrong-password" }) { errors { code } } }`);
    expect(login.body.data.login.errors[0].code).toBe('LOGIN_FAILED');
  });
});
