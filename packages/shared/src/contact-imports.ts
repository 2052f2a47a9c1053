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
 * its notes. `country` is a column naming each row's country (a name or an ISO code): national
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
