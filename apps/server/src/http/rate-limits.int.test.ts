import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisSignInThrottle, SIGN_IN_LIMITS } from '../modules/auth/sign-in-throttle';
import { SERVICE_ENQUIRY_LIMIT_PER_IP } from '../modules/service-enquiries/service-enquiries.routes';
import { signInThrottleContract } from '../test/sign-in-throttle-contract';
import {
  redisAnswers,
  redisServerInstalled,
  startOwnRedis,
  TEST_REDIS_URL as REDIS_URL,
} from '../test/redis';
import { buildTestApp, createBusinessWithMember, nextTestIp, sameOrigin } from '../test/test-app';

const redisUp = await redisAnswers();
if (!redisUp) {
  console.warn(
    `\n!!! Redis is not reachable at ${REDIS_URL}: the shared rate-limit tests are SKIPPED !!!\n`,
  );
}

/** Each run its own key prefix, so parallel test files and earlier runs never meet. */
const newPrefix = () => `switchboard-test:${randomBytes(6).toString('hex')}:`;

async function deleteKeys(redis: Redis, prefix: string) {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

describe.skipIf(!redisUp)('rate limits in Redis', () => {
  const prefix = newPrefix();
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { keyPrefix: prefix });
  });
  afterAll(async () => {
    // KEYS does not apply keyPrefix: this connection's keys are named in full.
    const plain = new Redis(REDIS_URL);
    await deleteKeys(plain, prefix);
    plain.disconnect();
    redis?.disconnect();
  });

  describe('RedisSignInThrottle keeps the sign-in rule', () => {
    signInThrottleContract((clock) => new RedisSignInThrottle({ redis, now: clock.now }));
  });
});

describe.skipIf(!redisUp)('two instances on one REDIS_URL share every limit', () => {
  const prefix = newPrefix();
  let clock = Date.now();
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    const env = { SANDBOX_CALLS: '0', REDIS_URL, REDIS_KEY_PREFIX: prefix };
    [a, b] = await Promise.all([
      buildTestApp('pglite', env, { now: () => clock }),
      buildTestApp('pglite', env, { now: () => clock }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const plain = new Redis(REDIS_URL);
    await deleteKeys(plain, prefix);
    plain.disconnect();
  });

  const post = (
    on: typeof a,
    url: string,
    payload: Record<string, unknown>,
    remoteAddress = nextTestIp(),
  ) => on.app.inject({ method: 'POST', url, headers: sameOrigin, remoteAddress, payload });

  it('counts sign-in failures on one instance on the other, and a success on either clears them', async () => {
    // The account lives in B's database; A answers 401 for it, which counts all the same.
    const { userName, password } = await createBusinessWithMember(b.app);
    const fail = (on: typeof a) =>
      post(on, '/api/auth/login', { userName, password: 'wrong-password' });
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailuresPerUserName; i += 1) {
      statuses.push((await fail(i % 2 === 0 ? a : b)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const on of [a, b]) {
      const refused = await post(on, '/api/auth/login', { userName, password });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
    }

    clock += 1000;
    expect((await post(b, '/api/auth/login', { userName, password })).statusCode).toBe(200);
    // B's success cleared the count for A too: five free failures again.
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailuresPerUserName; i += 1) {
      expect((await fail(a)).statusCode).toBe(401);
    }
    expect((await fail(a)).statusCode).toBe(429);
  });

  it('counts service enquiries from one address across instances, apart from other limits', async () => {
    const address = nextTestIp();
    const enquiry = {
      poc: 'Dana Reyes',
      businessName: 'Reyes Plumbing',
      country: 'United States',
      website: 'https://reyes-plumbing.example',
    };
    for (let i = 0; i < SERVICE_ENQUIRY_LIMIT_PER_IP.max; i += 1) {
      const res = await post(i % 2 === 0 ? a : b, '/api/service-enquiries', enquiry, address);
      expect(res.statusCode).toBe(201);
    }
    const refused = await post(b, '/api/service-enquiries', enquiry, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await post(a, '/api/service-enquiries', enquiry)).statusCode).toBe(201);

    // The same address's account-creation allowance is its own.
    const created = await post(
      b,
      '/api/auth/create-account',
      {
        businessName: 'Reyes Plumbing',
        email: `dana-${randomBytes(3).toString('hex')}@reyes-plumbing.example`,
        pointOfContact: 'Dana Reyes',
        country: 'United States',
      },
      address,
    );
    expect(created.statusCode).toBe(201);
  });

  it('keeps the counters under REDIS_KEY_PREFIX', async () => {
    const plain = new Redis(REDIS_URL);
    const keys = await plain.keys(`${prefix}*`);
    plain.disconnect();
    expect(keys.some((key) => key.startsWith(`${prefix}sign-in:user:`))).toBe(true);
    expect(keys.some((key) => key.startsWith(`${prefix}rate-limit:`))).toBe(true);
  });
});

describe('a REDIS_URL that does not answer', () => {
  it('stops the boot with a message naming the setting', async () => {
    await expect(
      buildTestApp('pglite', { SANDBOX_CALLS: '0', REDIS_URL: 'redis://127.0.0.1:1' }),
    ).rejects.toThrow(/^Could not connect to REDIS_URL: .*ECONNREFUSED/);
  });
});

describe.skipIf(!redisServerInstalled)('a Redis that goes away while the server runs', () => {
  it('answers 503 with Retry-After where a limit must be counted, never 500, and recovers', async () => {
    const redis = await startOwnRedis();
    let restarted: Awaited<ReturnType<typeof startOwnRedis>> | undefined;
    const built = await buildTestApp('pglite', { REDIS_URL: redis.url });
    try {
      const { app } = built;
      const member = await createBusinessWithMember(app);
      const signIn = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: sameOrigin,
          remoteAddress: nextTestIp(),
          payload: { userName: member.userName, password: member.password },
        });
      expect((await signIn()).statusCode).toBe(200);

      await redis.stop();
      const refused = await signIn();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      const enquiry = await app.inject({
        method: 'POST',
        url: '/api/service-enquiries',
        headers: sameOrigin,
        remoteAddress: nextTestIp(),
        payload: {
          poc: 'Pat Byrne',
          businessName: 'Redis Outage Ltd',
          country: 'Ireland',
          website: 'outage.example',
        },
      });
      expect(enquiry.statusCode).toBe(503);
      // Routes that count nothing carry on.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

      // Redis back on its address: the client reconnects and sign-in works again.
      restarted = await startOwnRedis(redis.port);
      await expect.poll(async () => (await signIn()).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      await built.close();
      await redis.stop();
      await restarted?.stop();
    }
  });
});
