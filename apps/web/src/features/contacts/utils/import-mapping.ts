import {
  importMappingSchema,
  type ContactImportMapping,
} from '@switchboard/shared/contact-imports';

/** The contact fields a column can fill, in the order the mapping form shows them. */
export const IMPORT_FIELDS = [
  { field: 'name', label: 'Name' },
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'phone', label: 'Phone' },
  { field: 'email', label: 'Email' },
  { field: 'company', label: 'Company' },
  { field: 'notes', label: 'Notes' },
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
