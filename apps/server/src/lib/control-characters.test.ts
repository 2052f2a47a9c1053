import { describe, expect, it } from 'vitest';
import {
  cleanDeep,
  cleanText,
  findForbiddenText,
  jsonMayNeedCleaning,
  forbiddenTextProblem,
  valueMayNeedCleaning,
} from './control-characters';

describe('the text rule', () => {
  it.each([
    ['NUL', 'a\u0000b', 'U+0000'],
    ['bell', 'a\u0007', 'U+0007'],
    ['vertical tab', '\u000b', 'U+000B'],
    ['form feed', '\u000c', 'U+000C'],
    ['escape', '\u001b[31m', 'U+001B'],
    ['unit separator', '\u001f', 'U+001F'],
    ['a lone high surrogate', 'x\ud83d', 'U+D83D'],
    ['a lone low surrogate', '\ude00x', 'U+DE00'],
  ])('refuses %s', (_name, text, codePoint) => {
    expect(forbiddenTextProblem(text)).toContain(codePoint);
  });

  it.each([
    ['tab, line feed, carriage return', 'a\tb\nc\r\n'],
    ['DEL and C1 (valid UTF-8, kept)', 'a\u007f\u0085'],
    ['an emoji (a surrogate pair)', '👋 Ní Bhriain'],
    ['empty', ''],
  ])('takes %s', (_name, text) => {
    expect(forbiddenTextProblem(text)).toBeUndefined();
  });

  it('finds the first offending field with its path, keys included', () => {
    expect(findForbiddenText({ a: 'ok', b: { c: ['ok', 'x\u0000'] } }, 'body')).toMatchObject({
      path: 'body.b.c.1',
    });
    expect(findForbiddenText({ 'bad\u0001': 1 }, 'body')).toMatchObject({ path: 'body' });
    expect(findForbiddenText('x\u0002', 'params')).toMatchObject({ path: 'params' });
    expect(findForbiddenText({ a: ['fine', 1, null, true] }, 'body')).toBeUndefined();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findForbiddenText(deep, 'body')?.message).toContain('U+0000');
  });

  it('cleans by the same rule: drops control characters, replaces lone surrogates', () => {
    expect(cleanText('A\u0000B\u001b[1m\tC\n')).toBe('AB[1m\tC\n');
    expect(cleanText('x\ud83d y 👋')).toBe('x\ufffd y 👋');
    expect(cleanDeep({ 'k\u0000': ['a\u0000', 1, null, { t: 'b\u0007' }] })).toEqual({
      k: ['a', 1, null, { t: 'b' }],
    });
    for (const text of ['a\u0000', '\u001f', 'x\ud800']) {
      expect(forbiddenTextProblem(cleanText(text))).toBeUndefined();
    }
  });

  it('tells from a JSON text alone whether its parsed value may need cleaning', () => {
    const texts = [
      { said: 'Hello.\nFine, thanks 👋', key: 'plain' },
      { said: 'a\u0000b' },
      { said: 'bell\u0007' },
      { said: 'x\ud800' },
      { ['k\u001f']: 1 },
      ['\udc00 alone'],
    ];
    for (const value of texts) {
      const json = JSON.stringify(value);
      const parsed: unknown = JSON.parse(json);
      // No false "clean": whenever cleaning changes the value, the quick test says so.
      if (JSON.stringify(cleanDeep(parsed)) !== json) expect(jsonMayNeedCleaning(json)).toBe(true);
    }
    expect(jsonMayNeedCleaning(JSON.stringify(texts[0]))).toBe(false);
    expect(jsonMayNeedCleaning('{"a":"\\U001B"}')).toBe(true);
    expect(jsonMayNeedCleaning('{"a":"\\uD83D\\uDC4B"}')).toBe(true);
  });

  it('tells from a parsed value, without copying it, whether it may need cleaning', () => {
    const values: unknown[] = [
      { said: 'a\u0000b' },
      { nested: [1, null, true, { deeper: ['fine', 'bell\u0007'] }] },
      { ['k\u001f']: 1 },
      { list: [{ ['x\ud800']: 'key only' }] },
      ['\udc00 alone'],
      'x\u001b',
    ];
    for (const value of values) {
      expect(JSON.stringify(cleanDeep(value))).not.toBe(JSON.stringify(value));
      expect(valueMayNeedCleaning(value)).toBe(true);
    }
    const plain = { said: 'Hello.\nFine,\tthanks \u007f', n: [1, 2.5, null, false, { k: 'v' }] };
    expect(valueMayNeedCleaning(plain)).toBe(false);
    expect(cleanDeep(plain)).toEqual(plain);
    for (const scalar of [null, undefined, 0, true, ''])
      expect(valueMayNeedCleaning(scalar)).toBe(false);
  });
});
