import { describe, expect, it } from 'vitest';
import type { ChangeNotices } from './change-notices';
import { HeldCopies } from './held-copies';

/** Notices driven by the test: `listening` and `generation` as it sets them. */
function fakeNotices() {
  const resets: (() => void)[] = [];
  const notices = {
    ready: Promise.resolve(),
    listening: true as boolean,
    generation: 0,
    on: () => undefined,
    heardHere: () => undefined,
    onReset: (listener: () => void) => resets.push(listener),
    settled: async () => undefined,
    close: async () => undefined,
  } satisfies ChangeNotices;
  return { notices, reset: () => resets.forEach((listener) => listener()) };
}

describe('HeldCopies', () => {
  const tagged = (tags: string[]) => () => ({ tags });

  it('holds a read until a notice names one of its tags', async () => {
    const { notices } = fakeNotices();
    const held = new HeldCopies<string>(notices, 10);
    let reads = 0;
    const read = async () => `value ${++reads}`;
    expect(await held.get('k', read, tagged(['u:1', 'b:1']))).toBe('value 1');
    expect(await held.get('k', read, tagged(['u:1', 'b:1']))).toBe('value 1');
    held.forget('u:2');
    expect(await held.get('k', read, tagged(['u:1', 'b:1']))).toBe('value 1');
    held.forget('b:1');
    expect(await held.get('k', read, tagged(['u:1', 'b:1']))).toBe('value 2');
    held.forget('*');
    expect(await held.get('k', read, tagged(['u:1']))).toBe('value 3');
  });

  it('does not keep a read that a notice overlapped, nor one while not listening', async () => {
    const { notices, reset } = fakeNotices();
    const held = new HeldCopies<string>(notices, 10);
    let reads = 0;
    const overlapped = async () => {
      reads += 1;
      held.forget('u:9');
      return 'stale';
    };
    await held.get('k', overlapped, tagged(['u:1']));
    await held.get('k', overlapped, tagged(['u:1']));
    expect(reads).toBe(2);

    notices.listening = false;
    const plain = async () => `read ${++reads}`;
    expect(await held.get('j', plain, tagged([]))).toBe('read 3');
    expect(await held.get('j', plain, tagged([]))).toBe('read 4');
    notices.listening = true;
    expect(await held.get('j', plain, tagged([]))).toBe('read 5');
    reset();
    expect(held.size).toBe(0);
  });

  it('answers no longer than its bound or the value’s own end', async () => {
    const { notices } = fakeNotices();
    let now = 1000;
    const held = new HeldCopies<string>(notices, 10, 5000, () => now);
    let reads = 0;
    const read = async () => `read ${++reads}`;
    await held.get('k', read, tagged([]));
    now += 4999;
    expect(await held.get('k', read, tagged([]))).toBe('read 1');
    now += 1;
    expect(await held.get('k', read, tagged([]))).toBe('read 2');
    await held.get('e', read, () => ({ tags: [], notAfter: now + 10 }));
    now += 10;
    expect(await held.get('e', read, tagged([]))).toBe('read 4');
  });

  it('keeps at most its number of entries, the oldest out first', async () => {
    const { notices } = fakeNotices();
    const held = new HeldCopies<string>(notices, 2);
    for (const key of ['a', 'b', 'c']) await held.get(key, async () => key, tagged([key]));
    expect(held.size).toBe(2);
    let read = false;
    await held.get('a', async () => ((read = true), 'a'), tagged(['a']));
    expect(read).toBe(true);
  });
});
