import { describe, expect, it } from 'vitest';
import { addDays, changeWords, duePeriod, pointsWords } from './digest.service';

// Sydney is UTC+11 in March (daylight time): its 07:00 on Wednesday 11 March is 20:00Z on the 10th.
describe('duePeriod', () => {
  it('daily: yesterday once 07:00 has passed in the zone, else the day before', () => {
    expect(duePeriod(new Date('2026-03-10T20:00:00Z'), 'Australia/Sydney', 'daily')).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-10',
      previousFrom: '2026-03-09',
    });
    expect(duePeriod(new Date('2026-03-10T19:59:00Z'), 'Australia/Sydney', 'daily')).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-09',
    });
  });

  it('weekly: last Monday to Sunday from Monday 07:00 on', () => {
    // Monday 16 March 07:00 in Los Angeles (PDT) is 14:00Z.
    expect(duePeriod(new Date('2026-03-16T14:00:00Z'), 'America/Los_Angeles', 'weekly')).toEqual({
      frequency: 'weekly',
      from: '2026-03-09',
      to: '2026-03-15',
      previousFrom: '2026-03-02',
      previousTo: '2026-03-08',
    });
    // A minute earlier the due week is the one before.
    expect(duePeriod(new Date('2026-03-16T13:59:00Z'), 'America/Los_Angeles', 'weekly').from).toBe(
      '2026-03-02',
    );
    // Later in the week it is still last week.
    expect(duePeriod(new Date('2026-03-21T23:00:00Z'), 'America/Los_Angeles', 'weekly').from).toBe(
      '2026-03-09',
    );
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('change words', () => {
  it.each([
    [6, 4, 'up 50 % on the day before'],
    [3, 4, 'down 25 % on the day before'],
    [4, 4, 'same as the day before'],
    [4, 0, 'none the day before'],
    [0, 0, 'none the day before either'],
  ])('%d against %d → %s', (now, before, words) => {
    expect(changeWords(now, before, 'the day before')).toBe(words);
  });

  it('speaks of points for a success rate', () => {
    expect(pointsWords(83.33, 50, 'the week before')).toBe('up 33.3 points on the week before');
    expect(pointsWords(40, 50, 'the week before')).toBe('down 10 points on the week before');
    expect(pointsWords(null, 50, 'the week before')).toBe('');
    expect(pointsWords(50, null, 'the week before')).toBe('no calls the week before');
  });
});
