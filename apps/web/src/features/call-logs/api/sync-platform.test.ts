import { describe, expect, it, vi } from 'vitest';
import { buildPlatformStatus } from '../testing/fake-call-logs-api';
import { syncFailure, waitForPlatformSync } from './sync-platform';

function statuses(...running: boolean[]) {
  const answers = [...running];
  return vi.fn(() => Promise.resolve(buildPlatformStatus(answers.shift() ?? false)));
}

describe('waitForPlatformSync', () => {
  it('returns at once when the sync has already finished', async () => {
    const getStatus = statuses(false);
    const sleep = vi.fn(() => Promise.resolve());
    await waitForPlatformSync({ getStatus, sleep });
    expect(getStatus).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('asks again every interval until the sync has finished', async () => {
    const getStatus = statuses(true, true, false);
    const sleep = vi.fn(() => Promise.resolve());
    await waitForPlatformSync({ getStatus, sleep, intervalMs: 500 });
    expect(getStatus).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[500], [500]]);
  });

  it('gives up after the timeout when the sync is still running', async () => {
    const getStatus = vi.fn(() => Promise.resolve(buildPlatformStatus(true)));
    const sleep = vi.fn(() => Promise.resolve());
    await waitForPlatformSync({ getStatus, sleep, intervalMs: 500, timeoutMs: 2000 });
    // Asked at 0, 0.5, 1, 1.5 and 2 s; never waits past 2 s.
    expect(getStatus).toHaveBeenCalledTimes(5);
    expect(sleep).toHaveBeenCalledTimes(4);
  });

  it('stops waiting when the status cannot be read', async () => {
    const getStatus = vi.fn(() => Promise.reject(new Error('offline')));
    const sleep = vi.fn(() => Promise.resolve());
    await expect(waitForPlatformSync({ getStatus, sleep })).resolves.toBeUndefined();
    expect(sleep).not.toHaveBeenCalled();
  });

  it('answers the finished status, so a failure can be said', async () => {
    const failed = buildPlatformStatus(false);
    failed.sync = { ...failed.sync, status: 'failed', lastError: 'Failed to fetch calls: x' };
    const status = await waitForPlatformSync({ getStatus: () => Promise.resolve(failed) });
    expect(syncFailure(status)).toBe('Failed to fetch calls: x');
  });
});

describe('syncFailure', () => {
  it('is the recorded error of a failed sync, and null otherwise', () => {
    const failed = buildPlatformStatus(false);
    failed.sync = {
      ...failed.sync,
      status: 'failed',
      lastError: 'Failed to fetch calls: status 503',
    };
    expect(syncFailure(failed)).toBe('Failed to fetch calls: status 503');
    expect(syncFailure(buildPlatformStatus(false))).toBeNull();
    expect(syncFailure(buildPlatformStatus(true))).toBeNull();
    expect(syncFailure(undefined)).toBeNull();
  });
});
