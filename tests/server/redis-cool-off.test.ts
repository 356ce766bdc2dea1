import type { ChildProcess } from 'node:child_process';
import { createConnection, createServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedState } from '../../server/sharedState';
import { gql, haveRedis, startInstance, startRedis, type Answer, type Instance } from '../support/redisInstances';

// Issue 17 item 8: a Redis that hangs (SIGSTOP: the connection stays open, nothing answers). The first command
// waits for its 1 s timeout; after it, the instance asks Redis nothing for REDIS_COOL_OFF_SECONDS and keeps the
// response cache and the rate-limit counters in its own memory, so answers come at once. After SIGCONT and the
// cool-off, sharing resumes by itself: what instance A stores, instance B reads. Instance A talks to Redis through
// a loopback proxy that counts every byte A sends, so "Redis is not asked" is counted, not timed.

/** ioredis's commandTimeout in sharedState.ts */
const COMMAND_TIMEOUT_MS = 1000;
const COOL_OFF_SECONDS = 6;

/** A TCP proxy to Redis that counts the bytes its clients send. */
async function countingProxy(redisPort: number): Promise<{ port: number; sent: () => number; close(): Promise<void> }> {
  let sent = 0;
  const sockets = new Set<Socket>();
  const server: TcpServer = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: redisPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => (sent += chunk.length));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sent: () => sent,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const product = (number: string) => `{ product(productNumber: "${number}") { name productNumber } }`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!haveRedis)('a hung Redis (SIGSTOP): a cool-off in local memory, then sharing again', () => {
  let redis: ChildProcess;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    let port: number;
    ({ process: redis, port } = await startRedis());
    proxy = await countingProxy(port);
    const logger = pino({ level: process.env.DEBUG_COOL_OFF ? 'debug' : 'silent' });
    const instanceOn = (redisUrl: string) => startInstance({ redisUrl, logger, sharedEnv: { REDIS_COOL_OFF_SECONDS: String(COOL_OFF_SECONDS) }, rateLimits: { login: { max: 3, windowSeconds: 900 } } });
    [a, b] = await Promise.all([instanceOn(`redis://127.0.0.1:${proxy.port}`), instanceOn(`redis://127.0.0.1:${port}`)]);
  }, 60_000);

  afterAll(async () => {
    if (redis?.pid && redis.exitCode === null) process.kill(redis.pid, 'SIGCONT');
    await Promise.all([a?.close(), b?.close()]);
    await proxy?.close();
    if (redis?.pid && redis.exitCode === null) process.kill(redis.pid);
  });

  it('answers within the command timeout and asks Redis nothing during the cool-off, then shares again', async () => {
    // shared while Redis answers: A's answer is B's hit
    expect((await gql(a, product('P100014'))).body.errors).toBeUndefined();
    expect((await gql(b, product('P100014'))).headers['x-graphql-cache']).toBe('hit');

    process.kill(redis.pid!, 'SIGSTOP');
    // the first request pays the timeout once (and is answered all the same); the cool-off starts with it
    const first = await gql(a, product('P100015'));
    const coolOffFrom = Date.now();
    expect(first.body.data.product.productNumber).toBe('P100015');
    const sentAfterTimeout = proxy.sent();

    const answers: Answer[] = [];
    for (const number of ['P100016', 'P100017', 'P100018', 'P100015', 'P100016']) answers.push(await gql(a, product(number)));
    // logins counted in this instance's memory meanwhile: the fourth is refused (it was let through before)
    const login = `mutation { login(input: { email: "cool-off@example.ch", password: "wrong-password" }) { errors { code } } }`;
    for (let i = 0; i < 3; i += 1) answers.push(await gql(a, login));
    const refused = await gql(a, login);
    expect(Date.now() - coolOffFrom).toBeLessThan(COOL_OFF_SECONDS * 1000); // still inside the cool-off

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.milliseconds).toBeLessThan(COMMAND_TIMEOUT_MS);
    }
    expect(answers.slice(0, 3).map((answer) => answer.body.data.product.productNumber)).toEqual(['P100016', 'P100017', 'P100018']);
    // answers made during the cool-off are kept in A's memory: asked again, they are hits
    expect(answers[3]!.headers['x-graphql-cache']).toBe('hit');
    expect(answers[4]!.headers['x-graphql-cache']).toBe('hit');
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // not one byte went to Redis during the cool-off
    expect(proxy.sent()).toBe(sentAfterTimeout);

    process.kill(redis.pid!, 'SIGCONT');
    await wait(Math.max(0, coolOffFrom + COOL_OFF_SECONDS * 1000 + 500 - Date.now()));
    // the first command after the cool-off is the trial: it answers, and A's next answer is shared again
    const afterwards = await gql(a, product('P100019'));
    expect(afterwards.body.data.product.productNumber).toBe('P100019');
    expect(proxy.sent()).toBeGreaterThan(sentAfterTimeout);
    const storeCallsOfB = b.storeCalls;
    const fromB = await gql(b, product('P100019'));
    expect(fromB.headers['x-graphql-cache']).toBe('hit');
    expect(fromB.body).toEqual(afterwards.body);
    expect(b.storeCalls).toBe(storeCallsOfB);
  }, 30_000);
});

describe('REDIS_COOL_OFF_SECONDS', () => {
  it('stops the start when it is 0 or not a whole number', () => {
    const logger = pino({ level: 'silent' });
    expect(() => createSharedState({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_COOL_OFF_SECONDS: '0' }, logger)).toThrow(/REDIS_COOL_OFF_SECONDS must be at least 1/);
    expect(() => createSharedState({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_COOL_OFF_SECONDS: 'soon' }, logger)).toThrow(/REDIS_COOL_OFF_SECONDS must be a whole number/);
  });
});
