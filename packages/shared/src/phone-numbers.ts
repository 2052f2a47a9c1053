import { z } from 'zod';

/**
 * The platform console's phone numbers (`/phone-numbers`): the business's numbers on the voice
 * platform, what each answers with, a fallback destination. E.164 everywhere; the server also
 * checks each number with libphonenumber. Provider credentials go to the platform and are never
 * part of an answer.
 */

/** E.164: `+`, a country code not starting with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const e164Schema = z
  .string()
  .trim()
  .regex(E164_PATTERN, { error: 'Enter the number in international format, e.g. +14155550123' });

export const PHONE_NUMBER_PROVIDERS = [
  'vapi',
  'twilio',
  'vonage',
  'telnyx',
  'byo-phone-number',
] as const;
export type PhoneNumberProvider = (typeof PHONE_NUMBER_PROVIDERS)[number];

const nameSchema = z
  .string()
  .trim()
  .max(40, { error: 'At most 40 characters' })
  .optional()
  .transform((value) => (value ? value : undefined));

/** One row of GET /api/phone-numbers (also the answer of create and update). */
export const phoneNumberSchema = z.object({
  id: z.string(),
  provider: z.enum(PHONE_NUMBER_PROVIDERS),
  /** E.164; null while the platform has not given a number yet. */
  number: z.string().nullable(),
  name: z.string().nullable(),
  status: z.string().nullable(),
  /** The business's agent answering calls to this number. */
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The business's squad answering calls to this number (instead of an agent). */
  squad: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where a call goes when no agent or squad answers (E.164). */
  fallbackNumber: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;
export const phoneNumberListSchema = z.object({ data: z.array(phoneNumberSchema) });

/**
 * Who answers a new number: one of the business's agents, one of its squads, or (with neither)
 * a number the platform forwards every call to. A number with none of them rings nobody, so a
 * new one must name at least one.
 */
const answeredByFields = {
  agentId: z.string().trim().min(1).optional(),
  squadId: z.string().trim().min(1).optional(),
  fallbackNumber: e164Schema.optional(),
};
export const NOBODY_ANSWERS_MESSAGE =
  'Choose who answers calls to this number: an agent, a squad or a number to forward calls to';

/** POST /api/phone-numbers: a new platform number, or one imported from Twilio or Vonage. */
export const createPhoneNumberSchema = z
  .discriminatedUnion('provider', [
    z.object({
      provider: z.literal('vapi'),
      name: nameSchema,
      ...answeredByFields,
      /** US area code the new number should have (three digits). */
      areaCode: z
        .string()
        .trim()
        .regex(/^[2-9]\d{2}$/, { error: 'A three-digit area code, e.g. 415' }),
    }),
    z.object({
      provider: z.literal('twilio'),
      name: nameSchema,
      ...answeredByFields,
      number: e164Schema,
      twilioAccountSid: z
        .string()
        .trim()
        .regex(/^AC[0-9a-fA-F]{32}$/, {
          error: 'A Twilio account SID starts with AC and has 34 characters',
        }),
      twilioAuthToken: z
        .string()
        .trim()
        .min(16, { error: 'Paste the auth token from the Twilio console' })
        .max(128),
    }),
    z.object({
      provider: z.literal('vonage'),
      name: nameSchema,
      ...answeredByFields,
      number: e164Schema,
      vonageApiKey: z
        .string()
        .trim()
        .min(4, { error: 'Paste the API key from the Vonage dashboard' })
        .max(64),
      vonageApiSecret: z
        .string()
        .trim()
        .min(4, { error: 'Paste the API secret from the Vonage dashboard' })
        .max(128),
    }),
  ])
  .refine((body) => !(body.agentId && body.squadId), {
    error: 'A number answers with an agent or a squad, not both',
    path: ['squadId'],
  })
  .refine((body) => Boolean(body.agentId || body.squadId || body.fallbackNumber), {
    error: NOBODY_ANSWERS_MESSAGE,
    path: ['agentId'],
  });
export type CreatePhoneNumberInput = z.input<typeof createPhoneNumberSchema>;
export type CreatePhoneNumber = z.output<typeof createPhoneNumberSchema>;

/**
 * PATCH /api/phone-numbers/:id. `agentId` and `squadId` exclude each other (null clears);
 * `fallbackNumber` null removes the fallback.
 */
export const updatePhoneNumberSchema = z
  .object({
    name: z.string().trim().max(40, { error: 'At most 40 characters' }).optional(),
    agentId: z.string().min(1).nullable().optional(),
    squadId: z.string().min(1).nullable().optional(),
    fallbackNumber: e164Schema.nullable().optional(),
  })
  .strict()
  .refine((body) => !(body.agentId && body.squadId), {
    error: 'A number answers with an agent or a squad, not both',
    path: ['squadId'],
  });
export type UpdatePhoneNumberInput = z.input<typeof updatePhoneNumberSchema>;
