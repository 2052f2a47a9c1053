import { describe, expect, it } from 'vitest';
import { readByteRange, type ByteRange } from './byte-range';

const SIZE = 1000;

describe('readByteRange, as storage reads a Range header', () => {
  it.each<[string | undefined, ByteRange]>([
    [undefined, { kind: 'whole' }],
    // One part, 206.
    ['bytes=0-99', { kind: 'part', start: 0, end: 99 }],
    ['bytes=0-0', { kind: 'part', start: 0, end: 0 }],
    ['bytes=990-', { kind: 'part', start: 990, end: 999 }],
    ['bytes=990-5000', { kind: 'part', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'part', start: 999, end: 999 }],
    ['bytes=-10', { kind: 'part', start: 990, end: 999 }],
    ['bytes=-5000', { kind: 'part', start: 0, end: 999 }],
    ['Bytes = 5-9 ', { kind: 'part', start: 5, end: 9 }],
    // Past the end, or an empty suffix: 416.
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=999999999-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Ignored: the whole object, 200.
    ['bytes=5-3', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['bytes=2000-3000,4000-', { kind: 'whole' }],
    ['bytes=0-1,', { kind: 'part', start: 0, end: 1 }],
    ['bytes=, 0-1', { kind: 'part', start: 0, end: 1 }],
    ['bytes=', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=x-1', { kind: 'whole' }],
    ['bytes=1.5-2', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['', { kind: 'whole' }],
  ])('%s', (header, expected) => {
    expect(readByteRange(header, SIZE)).toEqual(expected);
  });

  it('cannot satisfy any range of an empty object', () => {
    expect(readByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(readByteRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
