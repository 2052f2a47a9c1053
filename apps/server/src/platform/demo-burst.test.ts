import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { afterOrWithin, DEMO_BURST, DEMO_BURST_WAIT_MS, runDemoBurst } from './demo-burst';

const demo = { assistantIds: ['dental', 'plumbing', 'restaurant', 'survey'] };
const placedCount = DEMO_BURST.flat().length;

function recordingLog() {
  const log = { warn: vi.fn(), info: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

function aborted(): Error {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  return error;
}

describe('the first start’s demo calls', () => {
  it('counts the calls placed', async () => {
    const { log, logger } = recordingLog();
    const simulateCall = vi.fn().mockResolvedValue({});
    expect(await runDemoBurst({ demo, simulateCall } as never, logger)).toBe(placedCount);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      `Demo calls placed: ${placedCount} (enquiries and appointments).`,
    );
  });

  it('says calls ended by the shutdown were ended, not that they failed', async () => {
    const { log, logger } = recordingLog();
    const simulateCall = vi.fn().mockResolvedValueOnce({}).mockRejectedValue(aborted());
    expect(await runDemoBurst({ demo, simulateCall } as never, logger)).toBe(1);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      `Demo calls placed: 1 (enquiries and appointments); ${placedCount - 1} ended by the shutdown.`,
    );
  });

  it('warns of a call that failed for another reason', async () => {
    const { log, logger } = recordingLog();
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:3000');
    const simulateCall = vi.fn().mockRejectedValueOnce(refused).mockRejectedValue(aborted());
    expect(await runDemoBurst({ demo, simulateCall } as never, logger)).toBe(0);
    expect(log.warn).toHaveBeenCalledWith({ err: refused }, 'some demo calls failed');
  });
});

describe('waiting for the first sync, within a bound', () => {
  it('goes on when the event settles, fulfilled or rejected, and not before', async () => {
    vi.useFakeTimers();
    try {
      let settle!: () => void;
      const event = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const done = vi.fn();
      void afterOrWithin(event, 30_000).then(done);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(done).not.toHaveBeenCalled();
      settle();
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toHaveBeenCalledOnce();

      const failed = vi.fn();
      void afterOrWithin(Promise.reject(new Error('sync failed')), 30_000).then(failed);
      await vi.advanceTimersByTimeAsync(0);
      expect(failed).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on after the bound when the event never settles', async () => {
    vi.useFakeTimers();
    try {
      const done = vi.fn();
      void afterOrWithin(new Promise(() => undefined), DEMO_BURST_WAIT_MS).then(done);
      await vi.advanceTimersByTimeAsync(DEMO_BURST_WAIT_MS - 1);
      expect(done).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
