import { describe, expect, it } from 'vitest';
import { escapeFormula } from './csv-formula';

describe('escapeFormula', () => {
  it('leaves an international phone number as it is', () => {
    expect(escapeFormula('+353871234567')).toBe('+353871234567');
  });

  it.each(['=SUM(A1)', '@SUM(A1)', '-2+3', '+1+2', '+ 353', '+353 87', '\tx', '\rx'])(
    'guards %j',
    (value) => {
      expect(escapeFormula(value)).toBe(`'${value}`);
    },
  );

  it('leaves plain text alone', () => {
    expect(escapeFormula('Ann Smith')).toBe('Ann Smith');
    expect(escapeFormula('')).toBe('');
    expect(escapeFormula('-')).toBe('-');
  });
});
