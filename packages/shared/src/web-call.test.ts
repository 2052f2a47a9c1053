import { describe, expect, it } from 'vitest';
import { includeTestQuerySchema, isTestCallPayload, TEST_CALL_METADATA } from './web-call';

describe('test calls', () => {
  it('are the calls whose assistantOverrides (or own metadata) carry the marker', () => {
    expect(
      isTestCallPayload({ id: 'c', assistantOverrides: { metadata: TEST_CALL_METADATA } }),
    ).toBe(true);
    expect(isTestCallPayload({ id: 'c', metadata: { switchboardTestCall: true } })).toBe(true);
    expect(isTestCallPayload({ id: 'c', assistantOverrides: { metadata: { other: 1 } } })).toBe(
      false,
    );
    // Only the boolean counts: a string someone typed is not our marker.
    expect(
      isTestCallPayload({ assistantOverrides: { metadata: { switchboardTestCall: 'true' } } }),
    ).toBe(false);
    expect(isTestCallPayload({ assistantOverrides: null })).toBe(false);
    expect(isTestCallPayload(null)).toBe(false);
  });

  it('are left out of analytics unless includeTest is 1 or true', () => {
    expect(includeTestQuerySchema.parse(undefined)).toBe(false);
    expect(includeTestQuerySchema.parse('0')).toBe(false);
    expect(includeTestQuerySchema.parse('1')).toBe(true);
    expect(includeTestQuerySchema.parse('true')).toBe(true);
    expect(includeTestQuerySchema.safeParse('yes').success).toBe(false);
  });
});
