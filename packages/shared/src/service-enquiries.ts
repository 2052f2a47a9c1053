import { z } from 'zod';
import { authMessages, withScheme } from './auth';
import { paginatedSchema } from './pagination';

/**
 * The public service-enquiry form on the landing page, POST /api/service-enquiries. The seed's
 * payload is poc, businessName, country, website, optional email and optional phone, and "email
 * and phone are omitted when null or undefined" (an empty field counts as absent here too). The
 * messages reuse the account form's where the field is the same.
 */

export const SERVICE_ENQUIRY_TEXT_MAX = 200;
export const SERVICE_ENQUIRY_PHONE_MAX = 40;

export const serviceEnquiryMessages = {
  pocRequired: authMessages.pointOfContactRequired,
  businessNameRequired: authMessages.businessNameRequired,
  countryRequired: authMessages.countryRequired,
  websiteRequired: 'Website is required',
  websiteInvalid: authMessages.websiteInvalid,
  emailInvalid: authMessages.emailInvalid,
  phoneInvalid: 'Please enter a valid phone number',
  tooLong: `At most ${SERVICE_ENQUIRY_TEXT_MAX} characters`,
  /** The confirmation the form shows (and the server answers) once an enquiry is sent. */
  received: 'Thank you! Your enquiry has reached our team, and we will be in touch shortly.',
} as const;

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(SERVICE_ENQUIRY_TEXT_MAX, serviceEnquiryMessages.tooLong);

/** Phone numbers as people write them: digits with spaces, dashes, dots, brackets and a leading +. */
const PHONE_PATTERN = /^\+?[0-9 ().-]{5,}$/;

export const serviceEnquirySchema = z.object({
  poc: requiredText(serviceEnquiryMessages.pocRequired),
  businessName: requiredText(serviceEnquiryMessages.businessNameRequired),
  country: requiredText(serviceEnquiryMessages.countryRequired),
  website: z
    .string({ error: serviceEnquiryMessages.websiteRequired })
    .trim()
    .min(1, { error: serviceEnquiryMessages.websiteRequired, abort: true })
    .max(SERVICE_ENQUIRY_TEXT_MAX, serviceEnquiryMessages.tooLong)
    .transform(withScheme)
    .pipe(z.httpUrl({ error: serviceEnquiryMessages.websiteInvalid })),
  // Blank means "not given", like absent: the same schema validates the form and the request.
  email: z
    .string()
    .trim()
    .max(254, serviceEnquiryMessages.emailInvalid)
    .pipe(z.union([z.literal(''), z.email({ error: serviceEnquiryMessages.emailInvalid })]))
    .nullish()
    .transform((value) => value || undefined),
  phone: z
    .string()
    .trim()
    .max(SERVICE_ENQUIRY_PHONE_MAX, serviceEnquiryMessages.phoneInvalid)
    .pipe(
      z.union([
        z.literal(''),
        z.string().regex(PHONE_PATTERN, serviceEnquiryMessages.phoneInvalid),
      ]),
    )
    .nullish()
    .transform((value) => value || undefined),
  /**
   * The honeypot: a field people never see (hidden from view and from assistive technology) that
   * form-filling bots fill in. A request with it is answered like any other and stores nothing.
   */
  fax: z.string().max(SERVICE_ENQUIRY_TEXT_MAX).optional(),
});
export type ServiceEnquiryInput = z.output<typeof serviceEnquirySchema>;
export type ServiceEnquiryFormInput = z.input<typeof serviceEnquirySchema>;

/** What the form holds: every field a string, the optional ones possibly empty. */
export type ServiceEnquiryFormValues = {
  poc: string;
  businessName: string;
  country: string;
  website: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  fax?: string | null | undefined;
};

/** The request body: email and phone (and the honeypot) left out when null, undefined or blank. */
export type ServiceEnquiryRequest = {
  poc: string;
  businessName: string;
  country: string;
  website: string;
  email?: string;
  phone?: string;
  fax?: string;
};

/** The seed's rule: email and phone are omitted when null or undefined (and, here, when blank). */
export function toServiceEnquiryRequest(values: ServiceEnquiryFormValues): ServiceEnquiryRequest {
  const request: ServiceEnquiryRequest = {
    poc: values.poc,
    businessName: values.businessName,
    country: values.country,
    website: values.website,
  };
  const email = values.email?.trim();
  const phone = values.phone?.trim();
  const fax = values.fax?.trim();
  if (email) request.email = email;
  if (phone) request.phone = phone;
  if (fax) request.fax = fax;
  return request;
}

export const serviceEnquiryResponseSchema = z.object({ message: z.string() });

export const SERVICE_ENQUIRY_STATUSES = ['new', 'contacted', 'closed'] as const;

/** One enquiry as the operator sees it (GET /api/admin/service-enquiries). */
export const serviceEnquiryRecordSchema = z.object({
  id: z.string(),
  poc: z.string(),
  businessName: z.string(),
  country: z.string(),
  website: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(SERVICE_ENQUIRY_STATUSES),
  createdAt: z.iso.datetime(),
});
export type ServiceEnquiryRecord = z.infer<typeof serviceEnquiryRecordSchema>;

export const serviceEnquiryListSchema = paginatedSchema(serviceEnquiryRecordSchema);
export type ServiceEnquiryList = z.infer<typeof serviceEnquiryListSchema>;
