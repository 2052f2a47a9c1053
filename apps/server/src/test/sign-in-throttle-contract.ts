import { expect, it } from 'vitest';
import { SIGN_IN_LIMITS, type SignInThrottle } from '../modules/auth/sign-in-throttle';

export type ThrottleClock = { now: () => number; advance: (ms: number) => void };

export function testClock(start = Date.UTC(2026, 0, 5, 9)): ThrottleClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

let counter = 0;
/** A user name and an address no other case uses (the store may be shared). */
const fresh = () => {
  counter += 1;
  return {
    userName: `user-${counter}@example.com`,
    address: `192.0.2.${counter % 250}-${counter}`,
  };
};

/**
 * The sign-in rule (decision 014), for every store that keeps it: memory (unit test) and Redis
 * (integration test). `make` builds a throttle on the given clock.
 */
export function signInThrottleContract(make: (clock: ThrottleClock) => SignInThrottle) {
  const FREE = SIGN_IN_LIMITS.freeFailuresPerUserName;

  it(`admits ${FREE} failures, then makes each attempt wait 1 s, 2 s, 4 s … at most 60 s`, async () => {
    const clock = testClock();
    const throttle = make(clock);
    const { userName, address } = fresh();
    for (let i = 0; i < FREE; i += 1) {
      expect(await throttle.admit(userName, address)).toEqual({ allowed: true });
    }
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const refused = await throttle.admit(userName, address);
      if (refused.allowed) throw new Error('expected a refusal');
      waits.push(refused.waitMs);
      clock.advance(refused.waitMs - 1);
      expect((await throttle.admit(userName, address)).allowed).toBe(false);
      clock.advance(1);
      expect(await throttle.admit(userName, address)).toEqual({ allowed: true });
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('counts a user name in any letter case and from any address', async () => {
    const throttle = make(testClock());
    const { userName } = fresh();
    for (let i = 0; i < FREE; i += 1) {
      const variant = i % 2 === 0 ? userName.toUpperCase() : userName;
      expect((await throttle.admit(variant, fresh().address)).allowed).toBe(true);
    }
    expect(await throttle.admit(userName, fresh().address)).toEqual({
      allowed: false,
      waitMs: 1000,
    });
  });

  it('forgets a user name’s failures at a success, and leaves other user names alone', async () => {
    const clock = testClock();
    const throttle = make(clock);
    const { userName, address } = fresh();
    const other = fresh().userName;
    for (let i = 0; i < FREE; i += 1) await throttle.admit(userName, address);
    for (let i = 0; i < FREE; i += 1) await throttle.admit(other, address);
    clock.advance(1000);
    expect((await throttle.admit(userName, address)).allowed).toBe(true);
    await throttle.succeeded(userName, address);
    for (let i = 0; i < FREE; i += 1) {
      expect((await throttle.admit(userName, address)).allowed).toBe(true);
    }
    // The other user name keeps its count: its sixth failure makes the next one wait 2 s.
    expect((await throttle.admit(other, address)).allowed).toBe(true);
    expect(await throttle.admit(other, address)).toEqual({ allowed: false, waitMs: 2000 });
  });

  it('forgets a user name’s failures 15 minutes after the last one', async () => {
    const clock = testClock();
    const throttle = make(clock);
    const { userName, address } = fresh();
    for (let i = 0; i < FREE + 1; i += 1) {
      await throttle.admit(userName, address);
      clock.advance(1000);
    }
    clock.advance(SIGN_IN_LIMITS.windowMs - 1001);
    expect((await throttle.admit(userName, address)).allowed).toBe(true);
    expect(await throttle.admit(userName, address)).toEqual({ allowed: false, waitMs: 4000 });
    clock.advance(SIGN_IN_LIMITS.windowMs);
    for (let i = 0; i < FREE; i += 1) {
      expect((await throttle.admit(userName, address)).allowed).toBe(true);
    }
  });

  it(`refuses an address after ${SIGN_IN_LIMITS.failuresPerAddress} failures until 15 minutes after its first`, async () => {
    const clock = testClock();
    const throttle = make(clock);
    const { address } = fresh();
    const names = Array.from({ length: 25 }, () => fresh().userName);
    // A user who got in after typos: those failures leave the address's count.
    const owner = names[0]!;
    for (let i = 0; i < FREE - 1; i += 1) await throttle.admit(owner, address);
    await throttle.admit(owner, address);
    await throttle.succeeded(owner, address);

    clock.advance(60_000);
    let admitted = 0;
    for (const name of names.slice(1)) {
      for (let i = 0; i < FREE; i += 1) {
        if ((await throttle.admit(name, address)).allowed) admitted += 1;
      }
    }
    expect(admitted).toBe(SIGN_IN_LIMITS.failuresPerAddress);
    expect(await throttle.admit(owner, address)).toEqual({
      allowed: false,
      waitMs: SIGN_IN_LIMITS.windowMs - 60_000,
    });
    expect((await throttle.admit(owner, fresh().address)).allowed).toBe(true);
    clock.advance(SIGN_IN_LIMITS.windowMs - 60_000);
    expect((await throttle.admit(owner, address)).allowed).toBe(true);
  });

  it(`admits only ${FREE} of a burst of parallel attempts`, async () => {
    const throttle = make(testClock());
    const { userName, address } = fresh();
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, () => throttle.admit(userName, address)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(FREE);
  });
}
