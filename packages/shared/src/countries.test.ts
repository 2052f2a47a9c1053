import { describe, expect, it } from 'vitest';
import { countryCodeOf } from './countries';

describe('countryCodeOf', () => {
  it.each<[string | null | undefined, string | undefined]>([
    ['Ireland', 'IE'],
    ['United States', 'US'],
    ['United Kingdom', 'GB'],
    ['  united   states ', 'US'],
    ['Côte d’Ivoire', 'CI'],
    ["cote d'ivoire", 'CI'],
    ['Türkiye', 'TR'],
    ['USA', 'US'],
    ['UK', 'GB'],
    ['ie', 'IE'],
    ['Atlantis', undefined],
    ['XX', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %j', (name, code) => {
    expect(countryCodeOf(name)).toBe(code);
  });
});
