import { describe, expect, it } from 'vitest';
import { escapeFormula } from './csv-formula';

describe('escapeFormula', () => {
  it.each([
    '+353871234567',
    '+44 20 7946 0958',
    '+1 (415) 555-0123',
    '+33.1.42.68.53.00',
    '+49 170/1234567',
    // Too short to be valid, as a rows-to-fix file holds them: still a number, not a formula.
    '+353 87',
    '+1 555-01',
    '+1 415-555-0132 ::: +1 212-555-1000',
  ])('leaves the phone number %j as it is', (value) => {
    expect(escapeFormula(value)).toBe(value);
  });

  it.each([
    '=SUM(A1)',
    '@SUM(A1)',
    '-2+3',
    '+1+2',
    '+ 353',
    '+1 ::: =SUM(A1)',
    '+1 HYPERLINK("x")',
    '+1 (415) 555-0123+A1',
    '+44 20 7946 0958;cmd',
    '+1 415 SUM(1)',
    '\tx',
    '\rx',
  ])('guards %j', (value) => {
    expect(escapeFormula(value)).toBe(`'${value}`);
  });

  it('leaves plain text alone', () => {
    expect(escapeFormula('Ann Smith')).toBe('Ann Smith');
    expect(escapeFormula('')).toBe('');
    expect(escapeFormula('-')).toBe('-');
  });
});
