import { describe, expect, it } from 'vitest';
import { intervalSeconds, quoteSqlString, substringAlternation } from './sql-literal';

describe('quoteSqlString', () => {
  it.each([
    ['customer-ended-call', "'customer-ended-call'"],
    ["o'clock", "'o''clock'"],
    ["''", "''''''"],
    ['back\\slash', "'back\\slash'"],
    ['', "''"],
  ])('%j → %s', (value, expected) => {
    expect(quoteSqlString(value)).toBe(expected);
  });

  it('refuses NUL, which PostgreSQL text cannot hold', () => {
    expect(() => quoteSqlString('a\0b')).toThrow(/NUL/);
  });
});

describe('substringAlternation', () => {
  it('joins plain substrings into one group', () => {
    expect(substringAlternation(['transfer', 'forwarded', 'escalat'])).toBe(
      '(transfer|forwarded|escalat)',
    );
  });

  it('escapes regular-expression metacharacters so each substring matches literally', () => {
    expect(substringAlternation(['a.b', 'c|d', '(e)*', 'f\\g'])).toBe(
      '(a\\.b|c\\|d|\\(e\\)\\*|f\\\\g)',
    );
  });

  it('refuses an empty list, which would match every reason', () => {
    expect(() => substringAlternation([])).toThrow(/at least one/);
  });
});

describe('intervalSeconds', () => {
  it.each([
    [30, "interval '30 seconds'"],
    [0.5, "interval '0.5 seconds'"],
  ])('%d → %s', (seconds, expected) => {
    expect(intervalSeconds(seconds)).toBe(expected);
  });

  it('refuses a value that is not a finite number', () => {
    expect(() => intervalSeconds(Number.NaN)).toThrow();
    expect(() => intervalSeconds(Infinity)).toThrow();
  });
});
