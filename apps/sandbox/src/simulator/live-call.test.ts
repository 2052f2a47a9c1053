import { describe, expect, it } from 'vitest';
import { LiveCall } from './live-call';

// A live call's wait between two lines when the sandbox closes (decision 097): `npm start`
// keeps its simulator's calls live for a minute. A wait under way when close() aborted the
// simulator resolved instead of rejecting, so the call went on to its next line, and every later
// wait listened for an abort that had already happened: line after line to the end of the
// minute, past the server's 10 s shutdown grace.

describe('LiveCall.wait', () => {
  it('rejects at once when the simulator was aborted before the wait began', async () => {
    const live = new LiveCall('call-1', {}, 'Hello', () => undefined);
    const closing = new AbortController();
    closing.abort(new Error('the sandbox is closing'));
    // Ten minutes: without the check it would outlast the test's ceiling.
    await expect(live.wait(600_000, closing.signal)).rejects.toThrow('the sandbox is closing');
  });

  it('rejects a wait under way when the simulator is aborted, and waits out its time otherwise', async () => {
    const live = new LiveCall('call-2', {}, 'Hello', () => undefined);
    const closing = new AbortController();
    const waiting = live.wait(600_000, closing.signal);
    closing.abort(new Error('the sandbox is closing'));
    await expect(waiting).rejects.toThrow('the sandbox is closing');
    await expect(live.wait(1, new AbortController().signal)).resolves.toBeUndefined();
  });
});
