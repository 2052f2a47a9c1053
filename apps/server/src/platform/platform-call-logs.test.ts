import { describe, expect, it } from 'vitest';
import {
  PlatformCallLogs,
  callLogsAnswer,
  normalizeLogLevel,
  parseCallLogFile,
} from './platform-call-logs';

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

describe('downloading a call’s log file from the platform', () => {
  type Answer = { status: number; headers?: Record<string, string>; body?: string | Buffer };
  async function serve(answer: (path: string) => Answer) {
    const http = await import('node:http');
    const server = http.createServer((request, response) => {
      const { status, headers = {}, body = '' } = answer(request.url ?? '/');
      response.writeHead(status, headers);
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
  }

  it('follows the platform’s redirect on its storage, and reads a gzipped file', async () => {
    const { gzipSync } = await import('node:zlib');
    const platform = await serve((path) =>
      path.startsWith('/call/')
        ? { status: 302, headers: { location: '/storage/c1-log.jsonl?X-Amz-Expires=60' } }
        : { status: 200, body: gzipSync('{"log":"hello","level":"INFO"}\n') },
    );
    try {
      const logs = new PlatformCallLogs({
        baseUrl: platform.origin,
        apiKey: 'k',
        allowed: { kind: 'sandbox', origin: platform.origin },
      });
      const file = await logs.download('c1');
      expect(parseCallLogFile(file!)).toEqual([{ time: null, level: 'INFO', message: 'hello' }]);
    } finally {
      platform.close();
    }
  });

  it('refuses a link off the platform’s storage, says a missing file is none, and names a failure', async () => {
    const elsewhere = await serve(() => ({ status: 200, body: 'secret' }));
    let answer: Answer = { status: 302, headers: { location: `${elsewhere.origin}/x` } };
    const platform = await serve(() => answer);
    try {
      const logs = new PlatformCallLogs({
        baseUrl: platform.origin,
        apiKey: 'k',
        allowed: { kind: 'sandbox', origin: platform.origin },
      });
      await expect(logs.download('c1')).rejects.toMatchObject({
        statusCode: 502,
        message:
          "Failed to fetch logs: the log file's link is not on the voice platform's storage, so it was not fetched",
      });
      answer = { status: 404, body: '{"message":"Artifact not found"}' };
      await expect(logs.download('c1')).resolves.toBeNull();
      answer = { status: 500, body: '{}' };
      await expect(logs.download('c1')).rejects.toMatchObject({
        message: 'Failed to fetch logs: status 500',
      });
    } finally {
      platform.close();
      elsewhere.close();
    }
  });
});
