import { describe, expect, it } from 'vitest';
import { callLogsAnswer, normalizeLogLevel, parseCallLogFile } from './platform-call-logs';

describe('reading a call’s log file', () => {
  it('reads JSON Lines of the platform’s call log lines', () => {
    const file = [
      '{"callId":"c","orgId":"o","log":"Call created","level":"CHECKPOINT","time":"2026-03-05T14:00:00.000Z"}',
      '{"callId":"c","orgId":"o","log":"Model failed","level":"ERROR","time":"2026-03-05T14:00:02Z"}',
      '',
    ].join('\n');
    expect(parseCallLogFile(file)).toEqual([
      { time: '2026-03-05T14:00:00.000Z', level: 'CHECKPOINT', message: 'Call created' },
      { time: '2026-03-05T14:00:02.000Z', level: 'ERROR', message: 'Model failed' },
    ]);
  });

  it('reads a JSON array, other field names and levels, and keeps text lines as they are', () => {
    expect(
      parseCallLogFile(
        '[{"message":"a","level":"warning","timestamp":1772719200000},{"msg":"b","level":50}]',
      ),
    ).toEqual([
      { time: '2026-03-05T14:00:00.000Z', level: 'WARN', message: 'a' },
      { time: null, level: 'ERROR', message: 'b' },
    ]);
    expect(parseCallLogFile('plain text line\n{"log":"x","level":"debug"}')).toEqual([
      { time: null, level: 'LOG', message: 'plain text line' },
      { time: null, level: 'LOG', message: 'x' },
    ]);
  });

  it.each([
    ['INFO', 'INFO'],
    ['checkpoint', 'CHECKPOINT'],
    ['fatal', 'ERROR'],
    [30, 'INFO'],
    [40, 'WARN'],
    [undefined, 'LOG'],
    ['shout', 'LOG'],
  ])('takes level %s as %s', (value, level) => {
    expect(normalizeLogLevel(value)).toBe(level);
  });

  it('counts every level of the file and keeps only the chosen ones', () => {
    const file = ['INFO', 'WARN', 'INFO', 'ERROR']
      .map((level, n) => JSON.stringify({ log: `line ${n}`, level }))
      .join('\n');
    const answer = callLogsAnswer('c', file, ['WARN', 'ERROR']);
    expect(answer.counts).toEqual({ INFO: 2, LOG: 0, WARN: 1, ERROR: 1, CHECKPOINT: 0 });
    expect(answer.total).toBe(4);
    expect(answer.entries.map((entry) => entry.message)).toEqual(['line 1', 'line 3']);
    expect(callLogsAnswer('c', null, undefined)).toMatchObject({ available: false, total: 0 });
  });
});
