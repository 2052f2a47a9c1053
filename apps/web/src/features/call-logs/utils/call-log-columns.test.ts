import { describe, expect, it } from 'vitest';
import { hiddenColumnsStorageKey, parseHiddenColumns } from './call-log-columns';

describe('parseHiddenColumns', () => {
  it('reads the stored list in table order', () => {
    expect(parseHiddenColumns('["cost","type"]')).toEqual(['type', 'cost']);
  });

  it('drops unknown, repeated and non-text entries', () => {
    expect(parseHiddenColumns('["id","type","type",3,null,"__proto__"]')).toEqual(['type']);
  });

  it('shows every column for nothing stored or anything unreadable', () => {
    for (const stored of [null, '', 'not json', '{"type":true}', '"type"', 'null']) {
      expect(parseHiddenColumns(stored)).toEqual([]);
    }
  });
});

describe('hiddenColumnsStorageKey', () => {
  it('is per user', () => {
    expect(hiddenColumnsStorageKey('a')).not.toBe(hiddenColumnsStorageKey('b'));
  });
});
