// The full metadata: only it knows number types (premium rate, shared cost …); the default
// build the rest of the server uses validates by length and leading digits only.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { DialRefusal, RiskyNumberKind } from '@switchboard/shared/dialing';

/** What the rules need to know about a business (decision 053). */
export type DialPolicy = {
  /** ISO codes of the countries the business may call. */
  allowedCountries: ReadonlySet<string>;
  /** Risky kinds the operator allows for it. */
  allowedKinds: ReadonlySet<RiskyNumberKind>;
};

/**
 * Satellite and international networks: Inmarsat (+870), the global mobile satellite systems
 * (+881: Iridium, Globalstar …) and the international networks (+882, +883), the ranges that
 * international revenue-share fraud favours. libphonenumber has no "satellite" type: it calls
 * these mobile or VoIP, so they are known by their country calling code.
 */
const SATELLITE_CALLING_CODES = new Set(['870', '881', '882', '883']);
/** The international premium-rate service (+979), which libphonenumber does not type. */
const INTERNATIONAL_PREMIUM_CODE = '979';

/**
 * The kind of a number as the rules see it: libphonenumber's types, and besides them the North
 * American premium-rate area codes 900 and 976 whatever the metadata says of the rest of the
 * number (libphonenumber calls +1 976 … invalid, which would hide why it is refused).
 */
export function riskyKindOf(e164: string): RiskyNumberKind | undefined {
  const digits = e164.replace(/\D/g, '');
  if (digits.startsWith(INTERNATIONAL_PREMIUM_CODE)) return 'premium_rate';
  for (const code of SATELLITE_CALLING_CODES) if (digits.startsWith(code)) return 'satellite';
  if (digits.length === 11 && digits.startsWith('1')) {
    const area = digits.slice(1, 4);
    if (area === '900' || area === '976') return 'premium_rate';
  }
  const parsed = parsePhoneNumberFromString(e164);
  switch (parsed?.getType()) {
    case 'PREMIUM_RATE':
      return 'premium_rate';
    case 'SHARED_COST':
      return 'shared_cost';
    case 'PERSONAL_NUMBER':
      return 'personal_number';
    default:
      return undefined;
  }
}

/**
 * Why the platform must not dial this number for the business, or undefined when it may. In
 * order: a risky kind the operator has not allowed, then a number that is not valid (its kind
 * cannot be known), then a country the business may not call.
 */
export function dialRefusalOf(e164: string, policy: DialPolicy): DialRefusal | undefined {
  const kind = riskyKindOf(e164);
  if (kind && !policy.allowedKinds.has(kind)) return kind;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) {
    // An allowed risky kind the metadata does not know (+1 976, +979, some +88x) may still go.
    return kind ? undefined : 'invalid';
  }
  // Non-geographic numbers (+800, +808, +88x) belong to no country.
  if (kind === 'satellite') return undefined;
  if (!parsed.country || !policy.allowedCountries.has(parsed.country)) return 'country';
  return undefined;
}
