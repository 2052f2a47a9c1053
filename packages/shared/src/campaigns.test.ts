import { describe, expect, it } from 'vitest';
import {
  campaignContactStatusOf,
  clockOfMinutes,
  createCampaignSchema,
  formatWeekdayTime,
  minutesOfClock,
  nextCallingWindow,
  retryMask,
  retryOutcomesOfMask,
  templateVariablesOf,
  waitingMessage,
  weekdayMask,
  weekdaysOfMask,
  zonedDay,
} from './campaigns';

describe('campaignContactStatusOf', () => {
  it.each([
    ['queued', null, 'calling'],
    ['ringing', null, 'calling'],
    ['in-progress', null, 'calling'],
    ['ended', 'customer-ended-call', 'answered'],
    ['ended', 'assistant-said-end-call-phrase', 'answered'],
    ['ended', 'silence-timed-out', 'answered'],
    ['ended', 'voicemail', 'voicemail'],
    ['ended', 'customer-did-not-answer', 'no_answer'],
    ['ended', 'customer-busy', 'busy'],
    ['ended', 'call.ringing.hook-executed-say', 'no_answer'],
    ['ended', 'twilio-failed-to-connect-call', 'failed'],
    ['ended', 'pipeline-error-openai-llm-failed', 'failed'],
    [
      'ended',
      'call.in-progress.error-providerfault-outbound-sip-503-service-unavailable',
      'failed',
    ],
    ['ended', null, 'failed'],
  ] as const)('%s / %s → %s', (status, reason, expected) => {
    expect(campaignContactStatusOf(status, reason)).toBe(expected);
  });
});

describe('nextCallingWindow', () => {
  const nine = minutesOfClock('09:00');
  const five = minutesOfClock('17:00');

  it('starts now when inside the hours, and ends at the close in the business zone', () => {
    // 10:30 in New York (EST, UTC-5) on a winter day.
    const from = new Date('2026-01-15T15:30:00Z');
    const window = nextCallingWindow(from, 'America/New_York', nine, five);
    expect(window.start.toISOString()).toBe('2026-01-15T15:30:00.000Z');
    expect(window.end.toISOString()).toBe('2026-01-15T22:00:00.000Z');
  });

  it('waits for the opening when before the hours', () => {
    const from = new Date('2026-07-01T05:00:00Z'); // 07:00 in Berlin (CEST)
    const window = nextCallingWindow(from, 'Europe/Berlin', nine, five);
    expect(window.start.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-07-01T15:00:00.000Z');
  });

  it('moves to the next day after the hours', () => {
    const from = new Date('2026-07-01T20:00:00Z'); // 22:00 in Berlin
    const window = nextCallingWindow(from, 'Europe/Berlin', nine, five);
    expect(window.start.toISOString()).toBe('2026-07-02T07:00:00.000Z');
  });

  it('follows a daylight-saving change', () => {
    // New York springs forward on 2026-03-08: 09:00 is 13:00 UTC that day, 14:00 the day before.
    const saturdayNight = new Date('2026-03-08T03:00:00Z');
    const window = nextCallingWindow(saturdayNight, 'America/New_York', nine, five);
    expect(window.start.toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });

  it('calls only on the chosen weekdays, in the business zone', () => {
    // Friday 16 January 2026, 18:00 in New York: after hours; weekdays only → Monday 09:00.
    const fridayEvening = new Date('2026-01-16T23:00:00Z');
    const weekdays = [1, 2, 3, 4, 5];
    const window = nextCallingWindow(fridayEvening, 'America/New_York', nine, five, weekdays);
    expect(window.start.toISOString()).toBe('2026-01-19T14:00:00.000Z');
    expect(formatWeekdayTime(window.start, 'America/New_York')).toBe('Mon 09:00');
    // 23:00 UTC Friday is already Saturday in Tokyo: the next weekday there is Monday too.
    const tokyo = nextCallingWindow(fridayEvening, 'Asia/Tokyo', nine, five, weekdays);
    expect(formatWeekdayTime(tokyo.start, 'Asia/Tokyo')).toBe('Mon 09:00');
    // Sunday only.
    const sunday = nextCallingWindow(fridayEvening, 'America/New_York', nine, five, [0]);
    expect(sunday.start.toISOString()).toBe('2026-01-18T14:00:00.000Z');
  });

  it('keeps a window that spans a daylight-saving change to the hours the clock shows', () => {
    // New York, Sunday 8 March 2026, 00:00–05:00: 02:00 does not exist, so four hours.
    const window = nextCallingWindow(
      new Date('2026-03-07T12:00:00Z'),
      'America/New_York',
      0,
      minutesOfClock('05:00'),
      [0],
    );
    expect(window.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-03-08T09:00:00.000Z');
  });

  it('says when a waiting campaign calls next', () => {
    expect(waitingMessage('2026-01-19T14:00:00.000Z', 'America/New_York')).toBe(
      'Waiting for calling hours — next call Mon 09:00',
    );
  });

  it('keeps weekdays as a bit mask', () => {
    expect(weekdayMask([1, 2, 3, 4, 5])).toBe(62);
    expect(weekdaysOfMask(62)).toEqual([1, 2, 3, 4, 5]);
    expect(weekdaysOfMask(127)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('createCampaignSchema', () => {
  const base = { name: 'Spring recall', phoneNumberId: 'p1', audience: { kind: 'all' } };

  it('wants exactly one of agent and squad', () => {
    expect(createCampaignSchema.safeParse(base).success).toBe(false);
    expect(createCampaignSchema.safeParse({ ...base, agentId: 'a', squadId: 's' }).success).toBe(
      false,
    );
    expect(createCampaignSchema.parse({ ...base, agentId: 'a' }).maxConcurrency).toBe(10);
  });

  it('refuses calling hours that end before they start', () => {
    const result = createCampaignSchema.safeParse({
      ...base,
      agentId: 'a',
      callingHoursStart: '18:00',
      callingHoursEnd: '09:00',
    });
    expect(result.error?.issues[0]?.message).toBe('Calling hours must end after they start');
  });

  it('wants at least one weekday, and defaults to every day', () => {
    const none = createCampaignSchema.safeParse({ ...base, agentId: 'a', callingDays: [] });
    expect(none.error?.issues[0]).toMatchObject({
      path: ['callingDays'],
      message: 'Choose at least one weekday to call on',
    });
    expect(createCampaignSchema.parse({ ...base, agentId: 'a' }).callingDays).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
  });

  it('reads and writes clock times', () => {
    expect(minutesOfClock('09:30')).toBe(570);
    expect(clockOfMinutes(570)).toBe('09:30');
  });
});

describe('zonedDay', () => {
  it('is the business’s calendar day, 23 or 25 hours long across a daylight-saving change', () => {
    // 01:30 UTC on 2026-03-08 is still the 7th in Chicago (UTC-6).
    expect(zonedDay(new Date('2026-03-08T01:30:00Z'), 'America/Chicago')).toEqual({
      day: '2026-03-07',
      start: new Date('2026-03-07T06:00:00Z'),
      end: new Date('2026-03-08T06:00:00Z'),
    });
    // The 8th springs forward: 23 hours, ending at midnight CDT (UTC-5).
    const spring = zonedDay(new Date('2026-03-08T12:00:00Z'), 'America/Chicago');
    expect(spring.day).toBe('2026-03-08');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = zonedDay(new Date('2026-10-25T12:00:00Z'), 'Europe/Dublin');
    expect(autumn).toMatchObject({ day: '2026-10-25' });
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });
});

describe('templateVariablesOf', () => {
  it('finds {{name}}, {{ name }} and {{name | filter}}, without the platform’s own', () => {
    expect(
      templateVariablesOf([
        'Hi {{first_name}}, about {{ last_visit }} — {{name | upcase}}.',
        'Today is {{"now" | date: "%b %d"}} for {{customer.number}} at {{now}}.',
        undefined,
        'Again {{first_name}}.',
      ]),
    ).toEqual(['first_name', 'last_visit', 'name']);
  });
});

describe('retries', () => {
  it('keeps the chosen outcomes as a bit mask', () => {
    expect(retryOutcomesOfMask(retryMask(['voicemail', 'no_answer']))).toEqual([
      'no_answer',
      'voicemail',
    ]);
    expect(retryMask([])).toBe(0);
  });

  it('refuses retry settings that do not add up, naming the field', () => {
    const base = {
      name: 'Recall',
      agentId: 'a1',
      phoneNumberId: 'p1',
      audience: { kind: 'all' },
    };
    const issue = (retry: unknown) =>
      createCampaignSchema.safeParse({ ...base, retry }).error?.issues[0]?.path.join('.');
    expect(issue({ on: ['busy'], attempts: 1 })).toBe('retry.attempts');
    expect(issue({ on: [], attempts: 3 })).toBe('retry.on');
    expect(issue({ on: ['busy'], attempts: 6 })).toBe('retry.attempts');
    expect(issue({ on: ['busy'], attempts: 2, gapMinutes: 3000 })).toBe('retry.gapMinutes');
    expect(createCampaignSchema.parse(base).retry).toEqual({ on: [], attempts: 1, gapMinutes: 60 });
  });
});
