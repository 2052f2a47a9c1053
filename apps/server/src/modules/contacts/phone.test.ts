import { describe, expect, it } from 'vitest';
import { normalizeCallerNumber, normalizePhone, phoneReasons, phoneRegionOf } from './phone';

describe('normalizePhone', () => {
  it.each<[string, string | undefined, string]>([
    // National numbers, read in the business's country (its name, as the sign-up form stores it).
    ['087 123 4567', 'Ireland', '+353871234567'],
    ['(087) 123-4567', 'Ireland', '+353871234567'],
    ['(202) 555-0123', 'United States', '+12025550123'],
    ['020 7946 0000', 'United Kingdom', '+442079460000'],
    ['030 901820', 'Germany', '+4930901820'],
    // International numbers, whatever the business's country.
    ['+44 20 7946 0000', 'Ireland', '+442079460000'],
    ['+353 87 123 4567', 'United States', '+353871234567'],
    ['+353871234567', undefined, '+353871234567'],
    ['00353 87 123 4567', 'Ireland', '+353871234567'],
    ['00353 87 123 4567', undefined, '+353871234567'],
    ['  +1 202-555-0123  ', 'Ireland', '+12025550123'],
  ])('%j in %j → %j', (raw, country, e164) => {
    expect(normalizePhone(raw, country)).toEqual({ ok: true, e164 });
  });

  it.each<[string | null | undefined, string | undefined, string]>([
    ['', 'Ireland', phoneReasons.empty],
    [undefined, 'Ireland', phoneReasons.empty],
    ['abc', 'Ireland', phoneReasons.notANumber],
    ['call me maybe', 'Ireland', phoneReasons.notANumber],
    ['12', 'Ireland', phoneReasons.tooShort],
    ['0871', 'Ireland', phoneReasons.tooShort],
    ['+12', undefined, phoneReasons.tooShort],
    ['0871234567890123', 'Ireland', phoneReasons.tooLong],
    ['087 123 456', 'Ireland', phoneReasons.invalid],
    ['+1 555 010 2233', 'Ireland', phoneReasons.invalid], // fictional 555 range
    ['087 123 4567 ext. 12', 'Ireland', phoneReasons.extension],
    ['+353 87 123 4567 x 5', 'Ireland', phoneReasons.extension],
    ['087 123 4567', 'Atlantis', phoneReasons.needsCountryCode],
    ['087 123 4567', undefined, phoneReasons.needsCountryCode],
  ])('refuses %j in %j: %j', (raw, country, reason) => {
    expect(normalizePhone(raw, country)).toEqual({ ok: false, reason });
  });
});

describe('phoneRegionOf', () => {
  it.each<[string | null | undefined, string | undefined]>([
    ['Ireland', 'IE'],
    ['United States', 'US'],
    ['GB', 'GB'],
    ['Antarctica', undefined], // a country without phone numbers of its own
    ['Atlantis', undefined],
    [null, undefined],
  ])('%j → %j', (country, region) => {
    expect(phoneRegionOf(country)).toBe(region);
  });
});

describe('normalizeCallerNumber', () => {
  it.each<[string | null | undefined, string | null]>([
    ['+1 (555) 010-2233', '+15550102233'], // possible though not assigned: the platform saw it
    ['+353871234567', '+353871234567'],
    ['087 123 4567', null], // the platform reports international numbers; anything else is unreadable
    ['anonymous', null],
    ['+12', null],
    ['', null],
    [null, null],
  ])('%j → %j', (raw, e164) => {
    expect(normalizeCallerNumber(raw)).toBe(e164);
  });
});
