import { describe, expect, it } from 'vitest';
import { countryCodeOf, countryMatchRank, countryNames, rankCountryNames } from './countries';

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

describe('rankCountryNames', () => {
  it('puts the names that start with the query first: "Ger" picks Germany, not Algeria', () => {
    const ranked = rankCountryNames(countryNames, 'Ger');
    expect(ranked[0]).toBe('Germany');
    expect(ranked).toEqual(['Germany', 'Algeria', 'Niger', 'Nigeria']);
  });

  it('ranks a later word start before a match inside a word', () => {
    expect(rankCountryNames(['Algeria', 'Equatorial Guinea', 'Guinea'], 'guin')).toEqual([
      'Guinea',
      'Equatorial Guinea',
    ]);
    expect(countryMatchRank('Papua New Guinea', 'new')).toBe(1);
    expect(countryMatchRank('Guinea-Bissau', 'bis')).toBe(1);
    expect(countryMatchRank('Algeria', 'ger')).toBe(2);
    expect(countryMatchRank('Algeria', 'xyz')).toBeUndefined();
  });

  it('ignores case and accents, and keeps every name for an empty query', () => {
    expect(rankCountryNames(countryNames, 'cote')[0]).toBe('Côte d’Ivoire');
    expect(rankCountryNames(countryNames, 'IRE')[0]).toBe('Ireland');
    expect(rankCountryNames(countryNames, '  ')).toEqual([...countryNames]);
  });
});
