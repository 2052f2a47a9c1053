import { describe, expect, it } from 'vitest';
import { signInThrottleContract } from '../../test/sign-in-throttle-contract';
import { delayAfterFailures, MemorySignInThrottle } from './sign-in-throttle';

describe('delayAfterFailures', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1000],
    [6, 2000],
    [7, 4000],
    [10, 32_000],
    [11, 60_000],
    [200, 60_000],
  ])('after %i failures the next attempt waits %i ms', (failures, ms) => {
    expect(delayAfterFailures(failures)).toBe(ms);
  });
});

describe('MemorySignInThrottle', () => {
  signInThrottleContract((clock) => new MemorySignInThrottle({ now: clock.now }));
});
