import { z } from 'zod';
import { createPaginationQuerySchema, paginatedSchema } from './pagination';

/**
 * Contact-list imports, /api/contacts/import and /api/contacts/imports. A file is uploaded and
 * previewed, committed with a mapping (column index per contact field), imported in the
 * background, and may be undone once completed.
 */

export const CONTACT_IMPORT_STATUSES = [
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
  'undone',
] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

export const contactImportMessages = {
  notFound: 'Import not found',
  noFile: 'Choose a file to import',
  notCommittable: 'This import has already been started',
  notUndoable: 'Only a completed import can be undone',
  mappingNotJson: 'The mapping is not valid JSON',
  notMultipart: 'Send the file as a form upload (multipart/form-data)',
  malformedUpload: 'The upload could not be read: the form data is cut off or not well formed',
  interrupted:
    'The server stopped during this import several times; nothing was imported. Start it again.',
  failed: 'The import failed; nothing was imported. Start it again.',
  allFailed:
    'Every row had a problem; nothing was imported. Download the problem rows, correct them and import that file.',
  notDeletable: 'Only an import that was never started can be deleted',
  unknownCountry: 'Choose a country whose phone numbers we know',
} as const;

/**
 * What a row that matches an existing contact (by phone, then by email) does: `update` fills in
 * what the contact lacks and adds the row's other numbers and addresses to it; `skip` leaves
 * the contact as it is (the row is counted as skipped); `create` adds the row as a contact of
 * its own, the shared number or address staying with the existing contact and listed among the
 * new one's other numbers and addresses (one contact per phone number and per email address).
 */
export const CONTACT_IMPORT_ON_MATCH = ['update', 'skip', 'create'] as const;
export type ContactImportOnMatch = (typeof CONTACT_IMPORT_ON_MATCH)[number];

/** How the rows are read and written; remembered with the mapping for the same header row. */
export const contactImportOptionsSchema = z.object({
  /** A name column written "Last, First" ("Smith, Jane") is turned to "Jane Smith". */
  flipNames: z.boolean({ error: 'flipNames must be true or false' }).default(false),
  onMatch: z
    .enum(CONTACT_IMPORT_ON_MATCH, { error: 'Choose update, skip or create for matching rows' })
    .default('update'),
});
export type ContactImportOptions = z.output<typeof contactImportOptionsSchema>;
export const DEFAULT_IMPORT_OPTIONS: ContactImportOptions = { flipNames: false, onMatch: 'update' };

/**
 * "Last, First" is taken as the file's pattern when at least this share of the non-blank name
 * cells looked at hold exactly one comma.
 */
export const LAST_FIRST_SHARE = 0.6;

/** A name cell written "Last, First": exactly one comma, with words on both sides. */
export function isLastFirst(name: string): boolean {
  const parts = name.split(',');
  return parts.length === 2 && parts[0]!.trim() !== '' && parts[1]!.trim() !== '';
}

/** "Smith, Jane" → "Jane Smith"; any other name as it is. */
export function flipLastFirst(name: string): string {
  if (!isLastFirst(name)) return name;
  const [last, first] = name.split(',');
  return `${first!.trim()} ${last!.trim()}`;
}

/** How many rows of a file the preview reads for its phone check (and name pattern). */
export const PREVIEW_SCAN_ROWS = 1000;

/** The preview's warning about numbers that do not look like the default country's. */
export function foreignNumbersWarning(foreign: number, countryName: string): string {
  const numbers = foreign === 1 ? '1 number looks' : `${foreign} numbers look`;
  return `${numbers} foreign (not from ${countryName}): choose a country column, or the country the numbers are from.`;
}

/** A preview nobody imported is deleted after this long. */
export const UNSTARTED_IMPORT_TTL_HOURS = 24;

/** Field → 0-based column index in the header row; checked against the file on the server. */
export const contactImportMappingSchema = z.record(z.string(), z.number().int());
export type ContactImportMapping = z.infer<typeof contactImportMappingSchema>;

export const contactImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileType: z.enum(['csv', 'xlsx']),
  fileSize: z.number().int(),
  status: z.enum(CONTACT_IMPORT_STATUSES),
  mapping: contactImportMappingSchema.nullable(),
  /**
   * Data rows in the file (header aside): for a CSV file counted when the import starts, for a
   * workbook known once the import has read them all.
   */
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  skippedCount: z.number().int(),
  failedCount: z.number().int(),
  /** Rows imported with a value left out (a bad phone beside a good email): also in the above. */
  warningCount: z.number().int(),
  /**
   * Rows merged into a person an earlier row of the same file introduced; with created,
   * updated, skipped and failed, adds up to the rows processed.
   */
  mergedCount: z.number().int(),
  /** The region national phone numbers were read in (ISO code); null: the business's. */
  country: z.string().nullable(),
  /** How its rows are read and written (the defaults for an import not yet committed). */
  options: contactImportOptionsSchema,
  /**
   * While it runs: about how many seconds are left, from the pace so far; null when not
   * running or not known yet.
   */
  secondsLeft: z.number().int().nullable(),
  /** Why the whole import failed. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  undoneAt: z.iso.datetime().nullable(),
  /**
   * Contacts the undo left as they were (changed since the import, or with enquiries or
   * appointments); null until undone.
   */
  undoKeptCount: z.number().int().nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;

/** GET /api/contacts/imports: newest first. */
export const contactImportListSchema = paginatedSchema(contactImportSchema);
export type ContactImportList = z.infer<typeof contactImportListSchema>;
export const contactImportListQuerySchema = createPaginationQuerySchema(20);
export type ContactImportListQuery = z.infer<typeof contactImportListQuerySchema>;

export const contactImportPreviewSchema = z.object({
  headers: z.array(z.string()),
  /** The first non-blank rows, for the mapping screen. */
  sample: z.array(z.array(z.string())),
  suggestedMapping: contactImportMappingSchema,
  /** The suggestion is the mapping this business used for a file with the same columns. */
  mappingRemembered: z.boolean(),
  /** The business's country as an ISO code, to read national phone numbers in; null: unknown. */
  defaultCountry: z.string().nullable(),
  /** The options to start from: the ones remembered with the mapping, or the file's pattern. */
  suggestedOptions: contactImportOptionsSchema,
  /**
   * The phone numbers of the rows looked at (up to PREVIEW_SCAN_ROWS) that are not numbers of
   * the default country: written with another country code, or not valid there. With no
   * country column mapped, the preview suggests choosing one (or another country).
   */
  phoneCheck: z.object({
    /** Rows looked at. */
    rows: z.number().int(),
    /** Phone numbers looked at (under the suggested mapping). */
    numbers: z.number().int(),
    /** Of those, how many do not look like the default country's. */
    foreign: z.number().int(),
    /** The other countries seen in international numbers, most frequent first (ISO codes). */
    countries: z.array(z.string()),
  }),
});
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

/** POST /api/contacts/import answers 201 with the stored upload and its preview. */
export const contactImportUploadSchema = z.object({
  import: contactImportSchema,
  preview: contactImportPreviewSchema,
});
export type ContactImportUpload = z.infer<typeof contactImportUploadSchema>;

/**
 * POST /api/contacts/imports/:id/commit. `country` (ISO 3166 alpha-2) is where national phone
 * numbers are read; left out, the business's country.
 */
export const contactImportCommitSchema = z.object({
  mapping: contactImportMappingSchema,
  options: contactImportOptionsSchema.optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Choose a country by its two-letter code')
    .transform((code) => code.toUpperCase())
    .optional(),
});
export type ContactImportCommit = z.infer<typeof contactImportCommitSchema>;

// The mapping rules, for the server (which checks a commit) and the form (which says them
// before the commit).

export const MAPPING_FIELDS = [
  'prefix',
  'name',
  'firstName',
  'lastName',
  'phone',
  'phone2',
  'phone3',
  'email',
  'email2',
  'email3',
  'company',
  'notes',
  'country',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

/**
 * Field → 0-based column index in the header row. A contact has one phone and one email: the
 * first valid one of phone, phone2, phone3 (email, email2, email3) is it, the others are kept in
 * its other phone numbers (email addresses). `prefix` is a title ("Dr.", "Mrs."): it is kept as
 * the start of the name ("Dr. Jane Smith"), as a greeting would say it. `country` is a column naming each row's country (a name or an ISO code): national
 * numbers of that row are read there rather than in the import's country.
 */
export type Mapping = Partial<Record<MappingField, number>>;

/** The phone columns, and the email columns, in the order a contact's own is chosen. */
export const PHONE_FIELDS = ['phone', 'phone2', 'phone3'] as const;
export const EMAIL_FIELDS = ['email', 'email2', 'email3'] as const;

export const MAPPING_MESSAGES = {
  contact: 'Map a column to the phone number or the email address',
  name: 'Map a column to the name (or the first and last name)',
  duplicate: 'A column can only be used once',
  outOfRange: 'This column is not in the file',
} as const;

/**
 * A mapping a person edited, checked against the file's column count: every index points at a
 * column, no column is used twice, a phone or an email is mapped, and so is a name (or first and
 * last name).
 */
export function importMappingSchema(columnCount: number) {
  const column = z
    .number()
    .int()
    .min(0)
    .max(Math.max(0, columnCount - 1), MAPPING_MESSAGES.outOfRange);
  const shape = Object.fromEntries(MAPPING_FIELDS.map((f) => [f, column.optional()])) as Record<
    MappingField,
    z.ZodOptional<typeof column>
  >;
  return z
    .object(shape)
    .strict()
    .superRefine((mapping, ctx) => {
      if (![...PHONE_FIELDS, ...EMAIL_FIELDS].some((field) => mapping[field] !== undefined))
        ctx.addIssue({ code: 'custom', message: MAPPING_MESSAGES.contact, path: ['phone'] });
      if (
        mapping.name === undefined &&
        (mapping.firstName === undefined || mapping.lastName === undefined)
      )
        ctx.addIssue({ code: 'custom', message: MAPPING_MESSAGES.name, path: ['name'] });
      const seen = new Set<number>();
      for (const field of MAPPING_FIELDS) {
        const index = mapping[field];
        if (index === undefined) continue;
        if (seen.has(index))
          ctx.addIssue({ code: 'custom', message: MAPPING_MESSAGES.duplicate, path: [field] });
        seen.add(index);
      }
    });
}
