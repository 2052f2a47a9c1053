import { describe, expect, it } from 'vitest';
import {
  CALL_LOG_PAGE_SIZE,
  CALL_LOG_TABS,
  PASS_MIN_DURATION_SECONDS,
  TRANSFER_REASON_PATTERNS,
  callDurationSeconds,
  callMatchesTab,
  callOutcome,
  callTypeOf,
  displayCallId,
  formatCallRow,
  isCallSuccessful,
  isCallTransferred,
  type CallLogTab,
  type FormattedCallRow,
  type PlatformCall,
} from './calls';
import { callLogTabSchema } from './call-logs';
import { platformCallSchema } from './platform-call';
import { CALL_DURATION_CASES, CALL_OUTCOME_CASES, CALL_TRANSFER_CASES } from './calls.cases';

function makeCall(overrides: Partial<PlatformCall> = {}): PlatformCall {
  return platformCallSchema.parse({
    id: '3f2c9a71-8b4e-4d2a-9c1f-0e6b5d4a3c21',
    orgId: 'org-1',
    assistantId: 'asst-1',
    assistant: { name: 'Front Desk' },
    phoneNumber: { number: '+15550001111' },
    customer: { number: '+15552223333' },
    type: 'inboundPhoneCall',
    endedReason: 'customer-ended-call',
    status: 'ended',
    createdAt: '2026-03-05T14:06:55.000Z',
    startedAt: '2026-03-05T14:07:00.000Z',
    endedAt: '2026-03-05T14:09:05.000Z',
    cost: 0.125,
    analysis: { successEvaluation: 'true', summary: 'Booked a visit.' },
    ...overrides,
  });
}

describe('constants', () => {
  it('match the seed', () => {
    expect(PASS_MIN_DURATION_SECONDS).toBe(30);
    expect(CALL_LOG_PAGE_SIZE).toBe(50);
    expect(CALL_LOG_TABS).toEqual(['all', 'successful', 'failed', 'transferred']);
    expect(TRANSFER_REASON_PATTERNS).toEqual(['transfer', 'forwarded', 'escalat']);
  });

  it.each([
    ['all', true],
    ['transferred', true],
    ['escalated', false],
    ['', false],
  ])('callLogTabSchema accepts %j: %s', (tab, ok) => {
    expect(callLogTabSchema.safeParse(tab).success).toBe(ok);
  });
});

describe('platformCallSchema', () => {
  it('keeps fields it does not type, so the stored payload is complete', () => {
    const call = makeCall({ artifact: { transcript: 'AI: Hello' } });
    expect(call).toMatchObject({
      orgId: 'org-1',
      artifact: { transcript: 'AI: Hello' },
      analysis: { summary: 'Booked a visit.' },
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['the minimum', { id: 'c1', createdAt: '2026-03-05T14:07:00Z' }],
    ['nulls', { id: 'c1', createdAt: 'x', assistant: null, customer: null, cost: null }],
    ['a bare phone number', { id: 'c1', createdAt: 'x', phoneNumber: '+15550001111' }],
    ['a Twilio import DTO', { id: 'c1', createdAt: 'x', phoneNumber: { twilioPhoneNumber: '+1' } }],
    ['an unknown call type', { id: 'c1', createdAt: 'x', type: 'vapi.websocketCall' }],
    ['a boolean evaluation', { id: 'c1', createdAt: 'x', analysis: { successEvaluation: true } }],
    ['a numeric evaluation', { id: 'c1', createdAt: 'x', analysis: { successEvaluation: 8 } }],
  ])('accepts %s', (_label, payload) => {
    expect(platformCallSchema.safeParse(payload).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no id', { createdAt: '2026-03-05T14:07:00Z' }],
    ['an empty id', { id: '', createdAt: '2026-03-05T14:07:00Z' }],
    ['no createdAt', { id: 'c1' }],
    ['a string cost', { id: 'c1', createdAt: 'x', cost: '0.10' }],
  ])('rejects %s', (_label, payload) => {
    expect(platformCallSchema.safeParse(payload).success).toBe(false);
  });
});

describe('callDurationSeconds', () => {
  it.each(CALL_DURATION_CASES)('%s', (_label, payload, expected) => {
    expect(callDurationSeconds(payload)).toBe(expected);
  });

  it('measures a parsed platform call by its timestamps, whatever duration it carries', () => {
    const call = makeCall({ duration: 5 });
    expect(formatCallRow(call, { timeZone: 'UTC' }).duration).toBe('2m 5s');
  });
});

describe('isCallSuccessful / callOutcome', () => {
  it.each(CALL_OUTCOME_CASES)('%s → %s', (_label, input, expected) => {
    expect(callOutcome(input)).toBe(expected);
    expect(isCallSuccessful(input)).toBe(expected === 'pass');
  });
});

describe('isCallTransferred', () => {
  it.each(CALL_TRANSFER_CASES)('%j → %s', (reason, expected) => {
    expect(isCallTransferred(reason)).toBe(expected);
  });
});

describe('callTypeOf', () => {
  it.each<[string | null | undefined, string]>([
    ['inboundPhoneCall', 'inbound'],
    ['outboundPhoneCall', 'outbound'],
    ['webCall', 'web'],
    ['vapi.websocketCall', 'web'],
    ['InboundPhoneCall', 'web'],
    ['', 'web'],
    [null, 'web'],
    [undefined, 'web'],
  ])('%j → %s', (type, expected) => {
    expect(callTypeOf(type)).toBe(expected);
  });
});

describe('callMatchesTab', () => {
  const row = (
    successEvaluation: FormattedCallRow['successEvaluation'],
    endReason: string,
  ): Pick<FormattedCallRow, 'successEvaluation' | 'endReason'> => ({
    successEvaluation,
    endReason,
  });

  it.each<[string, ReturnType<typeof row>, CallLogTab, boolean]>([
    ['a pass under all', row('pass', 'customer-ended-call'), 'all', true],
    ['a fail under all', row('fail', 'Unknown'), 'all', true],
    ['a pass under successful', row('pass', 'customer-ended-call'), 'successful', true],
    ['a fail under successful', row('fail', 'customer-ended-call'), 'successful', false],
    ['a fail under failed', row('fail', 'silence-timed-out'), 'failed', true],
    ['a pass under failed', row('pass', 'customer-ended-call'), 'failed', false],
    [
      'a forwarded pass under transferred',
      row('pass', 'assistant-forwarded-call'),
      'transferred',
      true,
    ],
    [
      'a forwarded pass under successful',
      row('pass', 'assistant-forwarded-call'),
      'successful',
      true,
    ],
    [
      'a failed transfer under transferred',
      row('fail', 'call.in-progress.error-transfer-failed'),
      'transferred',
      true,
    ],
    ['a plain end under transferred', row('pass', 'customer-ended-call'), 'transferred', false],
  ])('%s → %s', (_label, r, tab, expected) => {
    expect(callMatchesTab(r, tab)).toBe(expected);
  });
});

describe('displayCallId', () => {
  it.each([
    ['3f2c9a71-8b4e-4d2a-9c1f-0e6b5d4a3c21', '3f2c9a71\u2026'],
    ['123456789', '12345678\u2026'],
    ['12345678', '12345678\u2026'],
    ['abc', 'abc\u2026'],
  ])('%j → %j', (id, expected) => {
    expect(displayCallId(id)).toBe(expected);
  });
});

describe('formatCallRow', () => {
  const utc = { timeZone: 'UTC' };

  it('formats a complete call', () => {
    const call = makeCall();
    expect(formatCallRow(call, utc)).toEqual({
      id: '3f2c9a71-8b4e-4d2a-9c1f-0e6b5d4a3c21',
      displayId: '3f2c9a71\u2026',
      assistant: 'Front Desk',
      assistantId: 'asst-1',
      assistantPhone: '+15550001111',
      customerPhone: '+15552223333',
      callType: 'inbound',
      endReason: 'customer-ended-call',
      successEvaluation: 'pass',
      startTime: 'Mar 5, 2026, 14:07',
      duration: '2m 5s',
      cost: '$0.13',
      raw: call,
    });
  });

  it('uses the ellipsis character, not three dots', () => {
    expect(formatCallRow(makeCall(), utc).displayId.endsWith('\u2026')).toBe(true);
    expect(formatCallRow(makeCall(), utc).displayId).not.toContain('...');
  });

  it('shows the seed fallbacks for a bare call', () => {
    const call = makeCall({
      assistantId: undefined,
      assistant: undefined,
      phoneNumber: undefined,
      customer: undefined,
      type: undefined,
      endedReason: undefined,
      startedAt: undefined,
      endedAt: undefined,
      cost: undefined,
      analysis: undefined,
    });
    expect(formatCallRow(call, utc)).toMatchObject({
      assistant: 'Unknown Assistant',
      assistantId: null,
      assistantPhone: '-',
      customerPhone: '-',
      callType: 'web',
      endReason: 'Unknown',
      successEvaluation: 'fail',
      startTime: 'Mar 5, 2026, 14:06',
      duration: '-',
      cost: '$0.00',
    });
  });

  it.each<[string, Partial<PlatformCall>, Partial<FormattedCallRow>]>([
    [
      'a bare phone number string',
      { phoneNumber: '+15550009999' },
      { assistantPhone: '+15550009999' },
    ],
    [
      'a Twilio import DTO',
      { phoneNumber: { twilioPhoneNumber: '+15550008888' } },
      { assistantPhone: '+15550008888' },
    ],
    ['an empty assistant name', { assistant: { name: '' } }, { assistant: 'Unknown Assistant' }],
    ['an empty customer number', { customer: { number: '' } }, { customerPhone: '-' }],
    ['an empty end reason', { endedReason: '' }, { endReason: 'Unknown' }],
    ['an outbound call', { type: 'outboundPhoneCall' }, { callType: 'outbound' }],
    ['a web call', { type: 'webCall' }, { callType: 'web' }],
    [
      'no start time and no createdAt date',
      { startedAt: null, createdAt: 'not a date' },
      { startTime: '-' },
    ],
    [
      'a duration field without timestamps (the platform has none: not read)',
      { duration: 45, startedAt: undefined, endedAt: undefined },
      { duration: '-' },
    ],
  ])('handles %s', (_label, overrides, expected) => {
    expect(formatCallRow(makeCall(overrides), utc)).toMatchObject(expected);
  });

  it('derives the outcome from the heuristic when there is no evaluation', () => {
    const base = {
      analysis: {},
      endedReason: 'customer-ended-call',
      startedAt: '2026-03-05T14:07:00Z',
    };
    expect(
      formatCallRow(makeCall({ ...base, endedAt: '2026-03-05T14:07:31Z' }), utc),
    ).toMatchObject({ successEvaluation: 'pass', duration: '31s' });
    expect(
      formatCallRow(makeCall({ ...base, endedAt: '2026-03-05T14:07:30Z' }), utc),
    ).toMatchObject({ successEvaluation: 'fail', duration: '30s' });
  });

  it('shows the start time in the given zone', () => {
    expect(formatCallRow(makeCall(), { timeZone: 'Asia/Kolkata' }).startTime).toBe(
      'Mar 5, 2026, 19:37',
    );
  });
});
