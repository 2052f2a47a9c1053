import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js';
import { countryCodeOf } from '@switchboard/shared/countries';

export type NormalizedPhone = { ok: true; e164: string } | { ok: false; reason: string };

/** Why a phone number was refused, in words an import's error report can show. */
export const phoneReasons = {
  empty: 'No phone number',
  notANumber: 'Not a phone number',
  tooShort: 'The phone number is too short',
  tooLong: 'The phone number is too long',
  extension: 'Phone extensions are not supported: enter the number without one',
  needsCountryCode: 'Include the country code (for example +1 or +44)',
  invalid: 'Not a valid phone number',
} as const;

/** The libphonenumber region for a business's country (stored as a name); undefined if none. */
export function phoneRegionOf(country: string | null | undefined): CountryCode | undefined {
  // An import asks once per row, always for the same country: answer that from memory.
  if (country === lastCountry) return lastRegion;
  const code = countryCodeOf(country);
  lastCountry = country;
  lastRegion = code && isSupportedCountry(code) ? code : undefined;
  return lastRegion;
}
let lastCountry: string | null | undefined;
let lastRegion: CountryCode | undefined;

/**
 * A phone number as typed (national or international) → E.164. A national number is read in
 * `defaultCountry` (the business's country, as its name or ISO code). Only numbers that are
 * valid for their region pass; an extension is refused rather than silently dropped, since
 * E.164 cannot hold it.
 */
export function normalizePhone(
  raw: string | null | undefined,
  defaultCountry?: string | null,
): NormalizedPhone {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: false, reason: phoneReasons.empty };
  if (!/\d/.test(text)) return { ok: false, reason: phoneReasons.notANumber };
  const region = phoneRegionOf(defaultCountry);
  // Without a region nothing says what "00" dials; it is the international prefix almost everywhere.
  const parsed = parsePhoneNumberFromString(
    !region && text.startsWith('00') ? `+${text.slice(2)}` : text,
    region,
  );
  if (!parsed) {
    const international = text.startsWith('+') || text.startsWith('00');
    if (!region && !international) return { ok: false, reason: phoneReasons.needsCountryCode };
    return { ok: false, reason: lengthReason(text, region) ?? phoneReasons.notANumber };
  }
  if (parsed.ext) return { ok: false, reason: phoneReasons.extension };
  if (!parsed.isValid()) {
    return { ok: false, reason: lengthReason(text, region) ?? phoneReasons.invalid };
  }
  return { ok: true, e164: parsed.number };
}

function lengthReason(text: string, region: CountryCode | undefined): string | undefined {
  switch (validatePhoneNumberLength(text, region)) {
    case 'TOO_SHORT':
      return phoneReasons.tooShort;
    case 'TOO_LONG':
      return phoneReasons.tooLong;
    case 'NOT_A_NUMBER':
      return phoneReasons.notANumber;
    default:
      return undefined;
  }
}

/**
 * A caller's number as the voice platform reports it (international, "+1 555 010 2233") →
 * E.164, or null for a withheld or unreadable number. Looser than normalizePhone on purpose:
 * the platform saw the call come from this number, so a possible number is enough (the
 * sandbox's fictional 555 numbers, a range newer than our metadata).
 */
export function normalizeCallerNumber(raw: string | null | undefined): string | null {
  const text = raw?.trim() ?? '';
  if (!text.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isPossible() ? parsed.number : null;
}
