import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('contact dates', () => {
  it('are shown in the business’s time zone, not the viewer’s', () => {
    // 23:30 UTC on 5 March is already 6 March in Tokyo, and still 5 March in New York.
    const iso = '2026-03-05T23:30:00.000Z';
    const noonUtc = (day: string) => `2026-03-${day}T12:00:00.000Z`;
    expect(formatDate(iso, 'Asia/Tokyo')).toBe(formatDate(noonUtc('06'), 'UTC'));
    expect(formatDate(iso, 'America/New_York')).toBe(formatDate(noonUtc('05'), 'UTC'));
    expect(formatDateTime(iso, 'Asia/Tokyo')).not.toBe(formatDateTime(iso, 'America/New_York'));
  });
});
