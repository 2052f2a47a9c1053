import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_BURST, runDemoBurst } from './demo-burst';

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
