import { MATCH_END as E, MATCH_START as S } from '@switchboard/shared/call-logs';
import { describe, expect, it } from 'vitest';
import { activeLineIndex, formatOffset, splitSnippet } from './transcript';

describe('splitSnippet', () => {
  it.each([
    ['no marks', 'plain text', [{ text: 'plain text', match: false }]],
    [
      'two matches',
      `…can I ${S}book${E} a ${S}cleaning${E}?`,
      [
        { text: '…can I ', match: false },
        { text: 'book', match: true },
        { text: ' a ', match: false },
        { text: 'cleaning', match: true },
        { text: '?', match: false },
      ],
    ],
    [
      'a match at the start',
      `${S}Book${E} it`,
      [
        { text: 'Book', match: true },
        { text: ' it', match: false },
      ],
    ],
    [
      'an unclosed mark',
      `a ${S}b c`,
      [
        { text: 'a ', match: false },
        { text: 'b c', match: true },
      ],
    ],
    ['a stray end mark', `a${E}b`, [{ text: 'ab', match: false }]],
    ['adjacent matches', `${S}a${E}${S}b${E}`, [{ text: 'ab', match: true }]],
    ['nothing', '', []],
  ])('%s', (_name, snippet, expected) => {
    expect(splitSnippet(snippet)).toEqual(expected);
  });

  it('keeps markup as text', () => {
    expect(splitSnippet(`<img src=x onerror=alert(1)> ${S}<b>${E}`)).toEqual([
      { text: '<img src=x onerror=alert(1)> ', match: false },
      { text: '<b>', match: true },
    ]);
  });
});

describe('formatOffset', () => {
  it.each([
    [0, '0:00'],
    [0.5, '0:00'],
    [42, '0:42'],
    [42.9, '0:42'],
    [60, '1:00'],
    [605, '10:05'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatOffset(seconds)).toBe(expected);
  });
});

describe('activeLineIndex', () => {
  const lines = [
    { speaker: 'assistant' as const, text: 'a', secondsFromStart: 1 },
    { speaker: 'customer' as const, text: 'b', secondsFromStart: 5 },
    { speaker: 'tool' as const, text: 'c', secondsFromStart: null },
    { speaker: 'assistant' as const, text: 'd', secondsFromStart: 12 },
  ];

  it.each([
    [null, null],
    [0, null],
    [1, 0],
    [4.9, 0],
    [5, 1],
    [11.99, 1],
    [12, 3],
    [999, 3],
  ])('at %s s the active line is %s', (position, expected) => {
    expect(activeLineIndex(lines, position)).toBe(expected);
  });
});
