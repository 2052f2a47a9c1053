import { z } from 'zod';
import { fetchFailedMessage } from './fetch-errors';
import { testFilterQuerySchema } from './test-marks';
import { callLogRowSchema } from './call-logs';
import { createPaginationQuerySchema, paginatedSchema } from './pagination';

/**
 * Contacts (`/contacts`) and their API, /api/contacts. The seed keeps only the list call —
 * GET contacts?page&limit answering data and meta, page 1 and limit 20 — and its failure text;
 * the fields, the form and its rules are ours.
 */

/** The seed's contacts state: page 1, limit 20. */
export const CONTACTS_PAGE_SIZE = 20;
/** How many of a contact's calls the detail shows (newest first). */
export const CONTACT_RECENT_CALLS = 20;

export const CONTACT_NAME_MAX = 200;
/** How many other phone numbers, and other email addresses, a contact keeps. */
export const CONTACT_OTHERS_MAX = 20;
export const CONTACT_SEARCH_MAX = 200;
/** A search looks for phone digits only when it has at least this many. */
export const CONTACT_SEARCH_MIN_DIGITS = 3;

/** Where a contact came from: an imported list, a call (the agent's tools), or the form. */
export const CONTACT_SOURCES = ['import', 'call', 'manual'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export const contactMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  phoneOrEmail: 'Enter a phone number or an email address',
  companyTooLong: 'Company must be at most 200 characters',
  notesTooLong: 'Notes must be at most 5000 characters',
  otherPhoneInvalid: 'Please enter valid phone numbers',
  otherEmailInvalid: 'Please enter valid email addresses',
  tooManyOthers: `At most ${CONTACT_OTHERS_MAX} other phone numbers or email addresses`,
  countryInvalid: 'Choose a country by its two-letter code',
  searchTooLong: `Search at most ${CONTACT_SEARCH_MAX} characters`,
  phoneTaken: 'A contact with this phone number already exists',
  emailTaken: 'A contact with this email address already exists',
  notFound: 'Contact not found',
} as const;

/** The seed's contacts failure text: with the reason when there is one. */
export function contactsErrorMessage(reason: string | null | undefined): string {
  return fetchFailedMessage('contacts', reason);
}

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** E.164 ("+353871234567"). */
  phone: z.string().nullable(),
  /** Lower case. */
  email: z.string().nullable(),
  company: z.string().nullable(),
  notes: z.string().nullable(),
  /** Its other phone numbers (E.164), beside `phone`: an import's extra columns, or typed. */
  otherPhones: z.array(z.string()),
  /** Its other email addresses (lower case), beside `email`. */
  otherEmails: z.array(z.string()),
  /**
   * Where the person is (ISO 3166 alpha-2): from an import's country column or its number's
   * country code, or typed; null: not known.
   */
  country: z.string().nullable(),
  source: z.enum(CONTACT_SOURCES),
  /** The import that created it, while that import exists. */
  importId: z.string().nullable(),
  /** Created by a test call. */
  isTest: z.boolean(),
  /** Never called by a campaign. */
  doNotCall: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /api/contacts. */
export const contactListSchema = paginatedSchema(contactSchema);
export type ContactList = z.infer<typeof contactListSchema>;

/** GET /api/contacts?page&limit&search: newest first; search in name, email and phone digits. */
export const contactListQuerySchema = createPaginationQuerySchema(CONTACTS_PAGE_SIZE).extend({
  search: z.string().trim().max(CONTACT_SEARCH_MAX, contactMessages.searchTooLong).optional(),
  test: testFilterQuerySchema,
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/**
 * What a search looks for: the text (the server lower-cases it as the database lower-cases
 * names, and matches it anywhere in the name or email), and — when the search has at least
 * three digits — the digits, matched anywhere in the phone number. A number written the
 * national way ("087 123…") also matches without its leading zeros, since E.164 drops the
 * trunk prefix ("+35387123…"); "00353…" likewise.
 */
export function contactSearchTerms(search: string | null | undefined): {
  text: string;
  digits: string[];
} {
  const text = search?.trim() ?? '';
  const digits = text.replace(/\D/g, '');
  if (digits.length < CONTACT_SEARCH_MIN_DIGITS) return { text, digits: [] };
  const withoutTrunk = digits.replace(/^0+/, '');
  const variants = [digits];
  if (withoutTrunk !== digits && withoutTrunk.length >= CONTACT_SEARCH_MIN_DIGITS) {
    variants.push(withoutTrunk);
  }
  return { text, digits: variants };
}

/** An optional text field of the form: trimmed; empty, null or absent all mean "none". */
const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).nullish();

/**
 * The contact form (add and edit by hand), and the body of POST /api/contacts and
 * PATCH /api/contacts/:id. The phone number is checked and written as E.164 by the server, in
 * the business's country (the form cannot know it), so here it is only bounded.
 */
export const contactInputSchema = z
  .object({
    name: z
      .string({ error: contactMessages.nameRequired })
      .trim()
      .min(1, contactMessages.nameRequired)
      .max(CONTACT_NAME_MAX, contactMessages.nameTooLong),
    phone: optionalText(40, contactMessages.phoneInvalid),
    email: z
      .string()
      .trim()
      .max(254, contactMessages.emailInvalid)
      .pipe(z.union([z.literal(''), z.email({ error: contactMessages.emailInvalid })]))
      .nullish(),
    company: optionalText(200, contactMessages.companyTooLong),
    notes: optionalText(5000, contactMessages.notesTooLong),
    otherPhones: z
      .array(z.string().trim().max(40, contactMessages.otherPhoneInvalid))
      .max(CONTACT_OTHERS_MAX, contactMessages.tooManyOthers)
      .optional(),
    otherEmails: z
      .array(
        z
          .string()
          .trim()
          .max(254, contactMessages.otherEmailInvalid)
          .pipe(z.email({ error: contactMessages.otherEmailInvalid })),
      )
      .max(CONTACT_OTHERS_MAX, contactMessages.tooManyOthers)
      .optional(),
    country: z
      .union([
        z.literal(''),
        z
          .string()
          .regex(/^[A-Za-z]{2}$/, contactMessages.countryInvalid)
          .transform((code) => code.toUpperCase()),
      ])
      .nullish(),
  })
  .refine(
    (contact) =>
      Boolean(
        contact.phone ||
        contact.email ||
        (contact.otherPhones ?? []).some(Boolean) ||
        (contact.otherEmails ?? []).length > 0,
      ),
    {
      error: contactMessages.phoneOrEmail,
      path: ['phone'],
      // Shown alongside the other fields' messages, not only once they are fixed.
      when: (payload) => {
        const value = payload.value as { phone?: unknown; email?: unknown } | undefined;
        return typeof value === 'object' && value !== null;
      },
    },
  );
/** PUT /api/contacts/:id/do-not-call. */
export const contactDoNotCallSchema = z.object({
  doNotCall: z.boolean({ error: 'doNotCall must be true or false' }),
});

/** What the contact form holds (before parsing). */
export type ContactFormValues = z.input<typeof contactInputSchema>;
/** What POST and PATCH carry (after parsing: trimmed). */
export type ContactInput = z.output<typeof contactInputSchema>;

/** How many of a contact's enquiries and of its appointments the detail shows. */
export const CONTACT_RECENT_ITEMS = 20;

/** One of a contact's enquiries, as the contact's page lists it (newest first). */
export const contactEnquirySchema = z.object({
  id: z.string(),
  subject: z.string(),
  /** open | pending | resolved | closed */
  status: z.string(),
  isRead: z.boolean(),
  /** The platform assistant id of the agent that took it; null for one added by hand. */
  assistantId: z.string().nullable(),
  agentName: z.string().nullable(),
  callId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ContactEnquiry = z.infer<typeof contactEnquirySchema>;

/** One of a contact's appointments, as the contact's page lists it (latest start first). */
export const contactAppointmentSchema = z.object({
  id: z.string(),
  service: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** scheduled | completed | cancelled | no_show */
  status: z.string(),
  assistantId: z.string().nullable(),
  agentName: z.string().nullable(),
  callId: z.string().nullable(),
});
export type ContactAppointment = z.infer<typeof contactAppointmentSchema>;

/**
 * GET /api/contacts/:id: the contact with its recent calls — the last 20 calls of the
 * business's agents from this contact's phone number (matched on digits), formatted like the
 * call log in the business's time zone — its last 20 enquiries and its 20 latest appointments,
 * and how many of each it has in all.
 */
export const contactDetailSchema = contactSchema.extend({
  calls: z.array(callLogRowSchema),
  /** The zone the calls' start times are written in (and the page's dates). */
  timeZone: z.string(),
  enquiries: z.array(contactEnquirySchema),
  appointments: z.array(contactAppointmentSchema),
  counts: z.object({
    calls: z.number().int(),
    enquiries: z.number().int(),
    appointments: z.number().int(),
  }),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;
