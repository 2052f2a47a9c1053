import { z } from 'zod';
import { countries } from './countries';

/**
 * Calling rules (decision 053): every number the platform would dial for a business (campaign
 * contacts, transfer destinations, a phone number's fallback) is checked against the rules the
 * operator sets for that business, because every call is paid from the operator's platform
 * account. The server classifies numbers (libphonenumber's full metadata); the words live here
 * so the screens say the same thing.
 */

/** Kinds of number refused unless the operator allows them for the business. */
export const RISKY_NUMBER_KINDS = [
  'premium_rate',
  'shared_cost',
  'personal_number',
  'satellite',
] as const;
export type RiskyNumberKind = (typeof RISKY_NUMBER_KINDS)[number];

/** The operator's checkbox for each kind: what allowing it lets the business dial. */
export const RISKY_NUMBER_KIND_LABELS: Record<RiskyNumberKind, string> = {
  premium_rate: 'Premium-rate numbers (e.g. +1 900, +44 871)',
  shared_cost: 'Shared-cost numbers (e.g. +33 810)',
  personal_number: 'Personal numbers (e.g. +44 70)',
  satellite: 'Satellite and international networks (+870, +881, +882, +883)',
};

/** Why a number is not dialled: a risky kind, a country the business may not call, or not valid. */
export const DIAL_REFUSALS = [...RISKY_NUMBER_KINDS, 'country', 'invalid'] as const;
export type DialRefusal = (typeof DIAL_REFUSALS)[number];

/** The number as the refusal names it, in plain words. */
export const DIAL_REFUSAL_LABELS: Record<DialRefusal, string> = {
  premium_rate: 'Premium-rate number',
  shared_cost: 'Shared-cost number',
  personal_number: 'Personal number',
  satellite: 'Satellite or international-network number',
  country: 'Number in a country this business may not call',
  invalid: 'Not a valid phone number',
};

/** A campaign contact left out by the rules: "Premium-rate number — not called". */
export function contactRefusalMessage(refusal: DialRefusal): string {
  return `${DIAL_REFUSAL_LABELS[refusal]} — not called`;
}

/** A transfer destination or fallback number the rules refuse (a 400 naming the field). */
export function dialFieldMessage(refusal: DialRefusal): string {
  return `${DIAL_REFUSAL_LABELS[refusal]} — calls cannot go to it from this business (the operator sets which numbers may be dialled)`;
}

/** Defaults when the operator has set nothing (decision 053). */
export const DEFAULT_DAILY_CALL_CAP = 300;
export const DEFAULT_DAILY_MINUTE_CAP = 600;
export const MAX_DAILY_CALL_CAP = 100_000;
export const MAX_DAILY_MINUTE_CAP = 1_000_000;

/** The operator's rules for one business (GET /api/admin/businesses/:id/calling-rules). */
export const callingRulesSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  /** The business's own country (its ISO code), the default of `allowedCountries`; null if unknown. */
  homeCountry: z.string().nullable(),
  /** ISO codes of the countries the business may call. */
  allowedCountries: z.array(z.string()),
  /** True while the operator has not chosen countries (the home country only). */
  countriesAreDefault: z.boolean(),
  allowedNumberKinds: z.array(z.enum(RISKY_NUMBER_KINDS)),
  dailyCallCap: z.number().int(),
  dailyMinuteCap: z.number().int(),
  /** Today in the business's time zone: calls handed to the platform and minutes of calls. */
  today: z.object({ day: z.string(), calls: z.number().int(), minutes: z.number() }),
});
export type CallingRules = z.infer<typeof callingRulesSchema>;

const COUNTRY_CODES = countries.map((country) => country.code) as [string, ...string[]];
const countryCodeMessage = 'Use a two-letter country code, e.g. IE';
/** An ISO 3166-1 alpha-2 code we know, in any case ("ie" → "IE"). */
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: countryCodeMessage })
  .transform((code) => code.toUpperCase())
  .pipe(z.enum(COUNTRY_CODES, { error: countryCodeMessage }));

/** PUT /api/admin/businesses/:id/calling-rules. */
export const updateCallingRulesSchema = z.object({
  /** null: the business's own country only (the default). */
  allowedCountries: z.array(countryCode).max(250, { error: 'At most 250 countries' }).nullable(),
  allowedNumberKinds: z
    .array(z.enum(RISKY_NUMBER_KINDS, { error: 'Not a kind of number' }))
    .max(RISKY_NUMBER_KINDS.length),
  dailyCallCap: z
    .number({ error: 'Enter a number of calls' })
    .int({ error: 'A whole number of calls' })
    .min(0, { error: 'At least 0 calls' })
    .max(MAX_DAILY_CALL_CAP, { error: `At most ${MAX_DAILY_CALL_CAP.toLocaleString('en-US')}` }),
  dailyMinuteCap: z
    .number({ error: 'Enter a number of minutes' })
    .int({ error: 'A whole number of minutes' })
    .min(0, { error: 'At least 0 minutes' })
    .max(MAX_DAILY_MINUTE_CAP, {
      error: `At most ${MAX_DAILY_MINUTE_CAP.toLocaleString('en-US')}`,
    }),
});
export type UpdateCallingRules = z.infer<typeof updateCallingRulesSchema>;
export type UpdateCallingRulesInput = z.input<typeof updateCallingRulesSchema>;

/**
 * POST /api/contacts/:id/call-back: one outbound call to the contact by one of the business's
 * agents from one of its numbers, under the same calling rules and daily caps as campaigns.
 */
export const callBackSchema = z.object({
  agentId: z.string().min(1, 'Please choose an agent'),
  phoneNumberId: z.string().min(1, 'Please choose a phone number'),
});
export type CallBackInput = z.infer<typeof callBackSchema>;
export const callBackResultSchema = z.object({ callId: z.string() });
export type CallBackResult = z.infer<typeof callBackResultSchema>;
