import type { DialRefusal, RiskyNumberKind } from '@switchboard/shared/dialing';
import { describe, expect, it } from 'vitest';
import { dialRefusalOf, riskyKindOf, type DialPolicy } from './dial-rules';

const policy = (countries: string[], kinds: RiskyNumberKind[] = []): DialPolicy => ({
  allowedCountries: new Set(countries),
  allowedKinds: new Set(kinds),
});

describe('dialRefusalOf', () => {
  // What the attack run dialled, and the ordinary numbers around them, for a US business.
  it.each<[string, DialRefusal | undefined]>([
    ['+19005550100', 'premium_rate'],
    ['+19765551234', 'premium_rate'],
    ['+448712345678', 'premium_rate'],
    ['+448451234567', 'premium_rate'],
    ['+97912345678', 'premium_rate'],
    ['+33810123456', 'shared_cost'],
    ['+447012345678', 'personal_number'],
    ['+882161234567', 'satellite'],
    ['+881612345678', 'satellite'],
    ['+870772123456', 'satellite'],
    ['+8835100123456', 'satellite'],
    // Another country, inside the +1 plan too (Jamaica), and outside it.
    ['+18768761234', 'country'],
    ['+353871234567', 'country'],
    ['+80012345678', 'country'],
    // Not a number any plan has (and so of no knowable kind).
    ['+15550102233', 'invalid'],
    ['+14155550123', undefined],
    ['+18005550100', undefined],
    ['+13125550101', undefined],
  ])('%s → %s', (number, expected) => {
    expect(dialRefusalOf(number, policy(['US']))).toBe(expected);
  });

  it('lets a kind through when the operator allows it, still within the allowed countries', () => {
    const premium = policy(['US'], ['premium_rate']);
    expect(dialRefusalOf('+19005550100', premium)).toBeUndefined();
    // +1 976 is not in libphonenumber's plan: allowed as premium rate, it is not "invalid".
    expect(dialRefusalOf('+19765551234', premium)).toBeUndefined();
    expect(dialRefusalOf('+448712345678', premium)).toBe('country');
    expect(dialRefusalOf('+448712345678', policy(['US', 'GB'], ['premium_rate']))).toBeUndefined();
    // Satellite numbers belong to no country: allowing the kind is enough.
    expect(dialRefusalOf('+882161234567', policy([], ['satellite']))).toBeUndefined();
  });

  it('allows only the chosen countries (an empty list: none)', () => {
    expect(dialRefusalOf('+353871234567', policy(['IE']))).toBeUndefined();
    expect(dialRefusalOf('+14155550123', policy(['IE']))).toBe('country');
    expect(dialRefusalOf('+353871234567', policy([]))).toBe('country');
  });

  it('types libphonenumber does not call risky stay ordinary', () => {
    expect(riskyKindOf('+18005550100')).toBeUndefined();
    expect(riskyKindOf('+443001234567')).toBeUndefined();
  });
});
