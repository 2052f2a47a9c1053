import { z } from 'zod';

/**
 * A call as the voice platform sends it (webhooks, GET /call); the rules that read it are in
 * `calls`, which holds no schema (decision 106). Loose objects throughout: this is the payload
 * we store (verbatim but for a second copy of the conversation: storedPayload, decision 113) and
 * show in the call detail, so fields we do not read must survive parsing, and a platform adding a
 * field must not break ingest. Only the fields the rules and the call row
 * read are typed.
 */
export const platformCallSchema = z.looseObject({
  id: z.string().min(1),
  assistantId: z.string().nullish(),
  assistant: z.looseObject({ name: z.string().nullish() }).nullish(),
  phoneNumberId: z.string().nullish(),
  // The platform types this as a (Twilio import) object; older payloads and our own sandbox may
  // send the bare number.
  phoneNumber: z
    .union([
      z.string(),
      z.looseObject({
        number: z.string().nullish(),
        twilioPhoneNumber: z.string().nullish(),
      }),
    ])
    .nullish(),
  customer: z.looseObject({ number: z.string().nullish() }).nullish(),
  // inboundPhoneCall | outboundPhoneCall | webCall | …; the platform adds types over time.
  type: z.string().nullish(),
  endedReason: z.string().nullish(),
  status: z.string().nullish(),
  startedAt: z.string().nullish(),
  endedAt: z.string().nullish(),
  createdAt: z.string(),
  cost: z.number().nullish(),
  analysis: z
    .looseObject({
      // "true"/"false" for the default PassFail rubric; other rubrics give a score or a word.
      successEvaluation: z.union([z.string(), z.boolean(), z.number()]).nullish(),
    })
    .nullish(),
});
export type PlatformCall = z.infer<typeof platformCallSchema>;
