import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, FALLBACK_TIME_ZONE } from './time-zones';

describe('browserTimeZone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers the device's zone", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('falls back to UTC when the browser reports no zone', () => {
    const options = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...options,
      timeZone: '',
    });
    expect(browserTimeZone()).toBe(FALLBACK_TIME_ZONE);
  });

  it('falls back to UTC when Intl throws', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(() => {
      throw new RangeError('no zone');
    });
    expect(browserTimeZone()).toBe(FALLBACK_TIME_ZONE);
  });
});
