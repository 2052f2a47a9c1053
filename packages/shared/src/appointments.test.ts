import { describe, expect, it } from 'vitest';
import {
  APPOINTMENTS_PAGE_SIZE,
  appointmentActions,
  appointmentChangeProblem,
  appointmentMessages,
  appointmentsErrorMessage,
  changeAppointmentsLimit,
  initialAppointmentsPaging,
  isoToZonedLocal,
  zonedLocalToIso,
  addCalendarDays,
  calendarRange,
  mondayOf,
  zonedDay,
} from './appointments';

const NOW = new Date('2026-06-01T12:00:00Z');
const FUTURE = new Date('2026-06-02T12:00:00Z');
const PAST = new Date('2026-05-31T12:00:00Z');

describe("the appointments' paging rule", () => {
  it('starts at page 1 with 10 a page', () => {
    expect(initialAppointmentsPaging).toEqual({ page: 1, limit: 10 });
    expect(APPOINTMENTS_PAGE_SIZE).toBe(10);
  });

  it('resets the page to 1 when the limit changes, and keeps it for the same limit', () => {
    expect(changeAppointmentsLimit({ page: 4, limit: 10 }, 20)).toEqual({ page: 1, limit: 20 });
    expect(changeAppointmentsLimit({ page: 4, limit: 10 }, 10)).toEqual({ page: 4, limit: 10 });
  });

  it('says "Failed to fetch appointments", with the reason when there is one', () => {
    expect(appointmentsErrorMessage(undefined)).toBe('Failed to fetch appointments');
    expect(appointmentsErrorMessage('Bad Gateway')).toBe(
      'Failed to fetch appointments: Bad Gateway',
    );
  });
});

describe('appointment changes', () => {
  const scheduledLater = { status: 'scheduled' as const, startsAt: FUTURE };
  const scheduledEarlier = { status: 'scheduled' as const, startsAt: PAST };

  it.each([
    ['cancel a scheduled one', scheduledLater, { status: 'cancelled' as const }, null],
    ['move a scheduled one into the future', scheduledLater, { startsAt: FUTURE }, null],
    [
      'move one into the past',
      scheduledLater,
      { startsAt: PAST },
      appointmentMessages.startsAtPast,
    ],
    [
      'complete one before it starts',
      scheduledLater,
      { status: 'completed' as const },
      appointmentMessages.outcomeBeforeStart,
    ],
    ['complete one that has started', scheduledEarlier, { status: 'completed' as const }, null],
    ['mark a started one no-show', scheduledEarlier, { status: 'no_show' as const }, null],
    [
      'correct no-show to completed',
      { status: 'no_show' as const, startsAt: PAST },
      { status: 'completed' as const },
      null,
    ],
    [
      'schedule a completed one again',
      { status: 'completed' as const, startsAt: PAST },
      { status: 'scheduled' as const },
      appointmentMessages.reopenRefused,
    ],
    [
      'reschedule a completed one',
      { status: 'completed' as const, startsAt: PAST },
      { startsAt: FUTURE },
      appointmentMessages.rescheduleOnlyScheduled,
    ],
    [
      'change a cancelled one',
      { status: 'cancelled' as const, startsAt: FUTURE },
      { status: 'scheduled' as const },
      appointmentMessages.cancelledFinal,
    ],
  ])('%s', (_label, current, change, problem) => {
    expect(appointmentChangeProblem(current, change, NOW)).toBe(problem);
  });

  it('offers the actions the rules allow', () => {
    expect(appointmentActions(scheduledLater, NOW)).toEqual({
      reschedule: true,
      cancel: true,
      complete: false,
      noShow: false,
    });
    expect(appointmentActions(scheduledEarlier, NOW)).toEqual({
      reschedule: true,
      cancel: true,
      complete: true,
      noShow: true,
    });
    expect(appointmentActions({ status: 'cancelled', startsAt: PAST }, NOW)).toEqual({
      reschedule: false,
      cancel: false,
      complete: false,
      noShow: false,
    });
  });
});

describe('wall-clock times in a zone', () => {
  it.each([
    ['2026-01-15T09:30', 'America/New_York', '2026-01-15T14:30:00.000Z'],
    ['2026-07-15T09:30', 'America/New_York', '2026-07-15T13:30:00.000Z'],
    ['2026-07-15T09:30', 'Europe/Dublin', '2026-07-15T08:30:00.000Z'],
    ['2026-07-15T09:30', 'UTC', '2026-07-15T09:30:00.000Z'],
    // 02:30 does not exist on 8 March 2026 in New York: an hour later.
    ['2026-03-08T02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
  ])('%s in %s is %s', (local, zone, iso) => {
    expect(zonedLocalToIso(local, zone)).toBe(iso);
  });

  it('round-trips an instant through the zone', () => {
    expect(isoToZonedLocal('2026-07-15T13:30:00.000Z', 'America/New_York')).toBe(
      '2026-07-15T09:30',
    );
    expect(isoToZonedLocal('2026-01-15T14:30:00.000Z', 'Asia/Kolkata')).toBe('2026-01-15T20:00');
  });

  it('answers null for something that is not a date-time', () => {
    expect(zonedLocalToIso('tomorrow', 'UTC')).toBeNull();
  });
});

describe('wall-clock times at a fall-back change', () => {
  it('reads 01:30 on 1 November 2026 in New York (twice that night) as the first', () => {
    expect(zonedLocalToIso('2026-11-01T01:30', 'America/New_York')).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
});

describe('calendar ranges in the business zone', () => {
  it('moves by days across months and years, and finds the Monday', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(mondayOf('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });

  it('bounds a day and a week by the zone’s midnights, clock changes included', () => {
    expect(calendarRange('day', '2026-11-25', 'America/New_York')).toEqual({
      days: ['2026-11-25'],
      from: '2026-11-25T05:00:00.000Z',
      to: '2026-11-26T05:00:00.000Z',
    });
    // The week of the spring clock change in New York (8 March 2026): 167 hours.
    const week = calendarRange('week', '2026-03-11', 'America/New_York');
    expect(week.days[0]).toBe('2026-03-09');
    expect(week.days).toHaveLength(7);
    expect(week.from).toBe('2026-03-09T04:00:00.000Z');
    expect(week.to).toBe('2026-03-16T04:00:00.000Z');
    expect(zonedDay('2026-11-25T03:00:00Z', 'America/New_York')).toBe('2026-11-24');
  });
});
