import {
  importMappingSchema,
  type ContactImportMapping,
} from '@switchboard/shared/contact-imports';

/** The contact fields a column can fill, in the order the mapping form shows them. */
export const IMPORT_FIELDS = [
  { field: 'prefix', label: 'Title (Dr., Mrs.)' },
  { field: 'name', label: 'Name' },
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'phone', label: 'Phone' },
  { field: 'phone2', label: 'Other phone' },
  { field: 'phone3', label: 'Third phone' },
  { field: 'email', label: 'Email' },
  { field: 'email2', label: 'Other email' },
  { field: 'email3', label: 'Third email' },
  { field: 'company', label: 'Company' },
  { field: 'notes', label: 'Notes' },
  { field: 'country', label: 'Country of the row' },
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number]['field'];

/** Field → column index; a field left out is not imported. */
export type ImportMapping = Partial<Record<ImportField, number>>;

/** What is wrong with a mapping, per field (empty when it can be committed): the shared rules. */
export function checkImportMapping(
  mapping: ImportMapping,
  columnCount: number,
): Partial<Record<ImportField, string>> {
  const errors: Partial<Record<ImportField, string>> = {};
  const result = importMappingSchema(columnCount).safeParse(mapping);
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && FIELD_NAMES.includes(field) && !errors[field as ImportField]) {
      errors[field as ImportField] = issue.message;
    }
  }
  return errors;
}

const FIELD_NAMES: readonly string[] = IMPORT_FIELDS.map(({ field }) => field);

/**
 * The first few non-blank values of a column in the sample, for the person to see what a
 * field would get.
 */
export function sampleValues(sample: string[][], column: number | undefined, limit = 3): string[] {
  if (column === undefined) return [];
  const values: string[] = [];
  for (const row of sample) {
    const value = (row[column] ?? '').trim();
    if (value !== '' && !values.includes(value)) values.push(value);
    if (values.length === limit) break;
  }
  return values;
}

/** The server's suggestion, narrowed to the fields we know and the file's columns. */
export function mappingFromSuggestion(
  suggested: ContactImportMapping,
  columnCount: number,
): ImportMapping {
  const mapping: ImportMapping = {};
  for (const [field, index] of Object.entries(suggested)) {
    if (FIELD_NAMES.includes(field) && index >= 0 && index < columnCount) {
      mapping[field as ImportField] = index;
    }
  }
  return mapping;
}
