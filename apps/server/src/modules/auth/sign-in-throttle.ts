import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

const MINUTE = 60_000;

/**
 * Sign-in limits (decision 014). Only failures count, and a success clears them:
 * - per user name: the first 5 failures are free; from then on each attempt must wait
 *   1 s, 2 s, 4 s … (doubling, at most 60 s) after the previous one;
 * - per client address: 100 failures in 15 minutes, then no attempt from it until the 15
 *   minutes that began with its first failure are over.
 * A user name's failures are forgotten 15 minutes after its last one.
 */
export const SIGN_IN_LIMITS = {
  freeFailuresPerUserName: 5,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  windowMs: 15 * MINUTE,
  failuresPerAddress: 100,
} as const;

/** How long the next attempt for a user name must wait after its `failures`-th failure. */
export function delayAfterFailures(failures: number): number {
  const { freeFailuresPerUserName: free, firstDelayMs, maxDelayMs } = SIGN_IN_LIMITS;
  if (failures < free) return 0;
  return Math.min(firstDelayMs * 2 ** (failures - free), maxDelayMs);
}

export type AttemptVerdict = { allowed: true } | { allowed: false; waitMs: number };

/**
 * Admits or refuses one sign-in attempt. An admitted attempt is counted as a failure at once
 * (so a burst of parallel requests cannot all slip through before the first one fails);
 * `succeeded` then takes it back together with the user name's earlier failures.
 */
export interface SignInThrottle {
  admit(userName: string, address: string): Promise<AttemptVerdict>;
  succeeded(userName: string, address: string): Promise<void>;
}

/** User names are keyed by a hash: bounded keys, whatever a client sends. */
const userKey = (userName: string) =>
  createHash('sha256').update(userName.toLowerCase()).digest('base64url');

type UserState = { failures: number; nextAt: number; expiresAt: number };
type AddressState = { endsAt: number; failuresByUser: Map<string, number> };

/** The counters in this process's memory (one instance). */
export class MemorySignInThrottle implements SignInThrottle {
  private readonly users = new Map<string, UserState>();
  private readonly addresses = new Map<string, AddressState>();
  private lastSweep = 0;

  constructor(private readonly deps: { now: () => number }) {}

  async admit(userName: string, address: string): Promise<AttemptVerdict> {
    const now = this.deps.now();
    this.sweep(now);
    const user = userKey(userName);
    let place = this.addresses.get(address);
    if (place && place.endsAt <= now) place = undefined;
    if (place) {
      let total = 0;
      for (const n of place.failuresByUser.values()) total += n;
      if (total >= SIGN_IN_LIMITS.failuresPerAddress) {
        return { allowed: false, waitMs: place.endsAt - now };
      }
    }
    let state = this.users.get(user);
    if (state && state.expiresAt <= now) state = undefined;
    if (state && now < state.nextAt) return { allowed: false, waitMs: state.nextAt - now };

    const failures = (state?.failures ?? 0) + 1;
    this.users.set(user, {
      failures,
      nextAt: now + delayAfterFailures(failures),
      expiresAt: now + SIGN_IN_LIMITS.windowMs,
    });
    if (!place) {
      place = { endsAt: now + SIGN_IN_LIMITS.windowMs, failuresByUser: new Map() };
      this.addresses.set(address, place);
    }
    place.failuresByUser.set(user, (place.failuresByUser.get(user) ?? 0) + 1);
    return { allowed: true };
  }

  async succeeded(userName: string, address: string): Promise<void> {
    const user = userKey(userName);
    this.users.delete(user);
    this.addresses.get(address)?.failuresByUser.delete(user);
  }

  /** Forgets expired counters, at most once a minute, so memory stays bounded. */
  private sweep(now: number) {
    if (now - this.lastSweep < MINUTE) return;
    this.lastSweep = now;
    for (const [key, state] of this.users) if (state.expiresAt <= now) this.users.delete(key);
    for (const [key, state] of this.addresses) if (state.endsAt <= now) this.addresses.delete(key);
  }
}

// The same rule as MemorySignInThrottle.admit, run atomically inside Redis. Times come from
// the caller's clock (ARGV[1]); Redis's own expiry only collects keys well after they lapse.
const admitScript = `
local now = tonumber(ARGV[1])
local field = ARGV[2]
local windowMs = tonumber(ARGV[3])
local free = tonumber(ARGV[4])
local firstDelay = tonumber(ARGV[5])
local maxDelay = tonumber(ARGV[6])
local ceiling = tonumber(ARGV[7])
local keepMs = tonumber(ARGV[8])

local endsAt = tonumber(redis.call('HGET', KEYS[2], 'endsAt') or '0')
if endsAt <= now then
  redis.call('DEL', KEYS[2])
  endsAt = 0
else
  local total = 0
  local all = redis.call('HGETALL', KEYS[2])
  for i = 1, #all, 2 do
    if all[i] ~= 'endsAt' then total = total + tonumber(all[i + 1]) end
  end
  if total >= ceiling then return {0, endsAt - now} end
end

local user = redis.call('HMGET', KEYS[1], 'failures', 'nextAt', 'expiresAt')
local failures = tonumber(user[1] or '0')
local nextAt = tonumber(user[2] or '0')
if tonumber(user[3] or '0') <= now then
  failures = 0
  nextAt = 0
end
if now < nextAt then return {0, nextAt - now} end

failures = failures + 1
local delay = 0
if failures >= free then delay = math.min(firstDelay * 2 ^ (failures - free), maxDelay) end
redis.call('HSET', KEYS[1], 'failures', failures,
  'nextAt', string.format('%.0f', now + delay),
  'expiresAt', string.format('%.0f', now + windowMs))
redis.call('PEXPIRE', KEYS[1], keepMs)
if endsAt == 0 then
  redis.call('HSET', KEYS[2], 'endsAt', string.format('%.0f', now + windowMs))
  redis.call('PEXPIRE', KEYS[2], keepMs)
end
redis.call('HINCRBY', KEYS[2], field, 1)
return {1, 0}
`;

/** The counters in Redis, shared by every instance that uses it. */
export class RedisSignInThrottle implements SignInThrottle {
  constructor(private readonly deps: { redis: Redis; now: () => number }) {}

  async admit(userName: string, address: string): Promise<AttemptVerdict> {
    const user = userKey(userName);
    const [allowed, waitMs] = (await this.deps.redis.eval(
      admitScript,
      2,
      `sign-in:user:${user}`,
      `sign-in:address:${address}`,
      this.deps.now(),
      `u:${user}`,
      SIGN_IN_LIMITS.windowMs,
      SIGN_IN_LIMITS.freeFailuresPerUserName,
      SIGN_IN_LIMITS.firstDelayMs,
      SIGN_IN_LIMITS.maxDelayMs,
      SIGN_IN_LIMITS.failuresPerAddress,
      SIGN_IN_LIMITS.windowMs + SIGN_IN_LIMITS.maxDelayMs,
    )) as [number, number];
    return allowed === 1 ? { allowed: true } : { allowed: false, waitMs };
  }

  async succeeded(userName: string, address: string): Promise<void> {
    const user = userKey(userName);
    await this.deps.redis
      .multi()
      .del(`sign-in:user:${user}`)
      .hdel(`sign-in:address:${address}`, `u:${user}`)
      .exec();
  }
}

export function createSignInThrottle(deps: {
  redis: Redis | undefined;
  now: () => number;
}): SignInThrottle {
  return deps.redis
    ? new RedisSignInThrottle({ redis: deps.redis, now: deps.now })
    : new MemorySignInThrottle({ now: deps.now });
}
