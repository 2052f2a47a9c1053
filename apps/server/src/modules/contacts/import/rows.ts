/**
 * One parsed row → one contact, and the merging of rows that describe the same person.
 *
 * Row rules (`toContactRow`):
 * - every value is trimmed; runs of spaces in a name become one space;
 * - a row whose cells are all blank is skipped (counted as skipped, not failed);
 * - a row with non-blank values beyond the header's last column fails: its values are shifted
 *   (usually an unquoted comma), so no field can be trusted. A row with fewer values than the
 *   header is fine: the missing values are blank;
 * - name: the name column when it is not blank, else first and last name joined by a space;
 *   it may end up blank (""). With `flipNames`, a name cell written "Last, First" (one comma)
 *   becomes "First Last". A prefix column's title ("Dr.", "Mrs.") is put before the name,
 *   unless the name already starts with it: it is how a greeting addresses the person;
 * - phone: parsed with libphonenumber-js and stored as E.164; a national number is read in the
 *   row's country when a column gives one it knows, else in the import's country (chosen at
 *   commit; the business's by default);
 *   a number that is invalid there but is all digits (a spreadsheet that dropped the "+") is
 *   tried once more as international;
 * - email: lower-cased and checked with zod's email rule;
 * - country: the row's country column when it names a country we know, else the country of its
 *   phone number (+44 → GB), else null (the contact's country is not guessed from the import's);
 * - several phone (email) columns: the first valid value, in the mapping's order (mobile first
 *   when suggested), is the contact's; the other valid ones are its other phone numbers (other
 *   email addresses). A cell holding several
 *   values ("a ::: b", Google Contacts) is split the same way;
 * - a value that is not valid is left out and reported as a warning, as long as the row has one
 *   valid phone or email; with none, the row fails, with every problem as its reason;
 * - no phone or email at all → the row fails, unless it is a totals row ("Total", "Sum") at the
 *   end of a sheet, which is skipped;
 * - values are never evaluated: "=SUM(A1)" in a name or note is kept as that text.
 *
 * Merge rule within one file (`DuplicateTracker`): rows are fed in file order. A row whose phone
 * or email equals the phone or email of an earlier person (earlier row, or the merge of earlier
 * rows) is merged into that person; when it matches two different earlier people (phone of one,
 * email of the other) it goes to the one seen first, and the two are not joined. Merging only
 * fills in fields that are still blank on the earlier person — a non-blank value is never
 * overwritten; a later value that differs from one already there is dropped and named in
 * `ignored`, so the report can say so. A phone or email filled in this way becomes a key of the
 * person for the rows that follow.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { normalizePhone, phoneRegionOf, type NormalizedPhone } from '../phone';
import { z } from 'zod';
import {
  EMAIL_FIELDS,
  flipLastFirst,
  PHONE_FIELDS,
  type Mapping,
  type MappingField,
} from '@switchboard/shared/contact-imports';

export type ContactRow = {
  name: string;
  /** E.164, e.g. +353871234567 */
  phone: string | null;
  /** lower case */
  email: string | null;
  company: string | null;
  notes: string | null;
  /**
   * The row's values in columns no field is mapped to, by a variable name made from the
   * header ("Last visit" → last_visit): a campaign's variables (decision 065). Kept on the
   * contacts an import creates.
   */
  fields?: Record<string, string> | null;
  /** ISO 3166 alpha-2, or null */
  country: string | null;
  /** E.164, beside `phone` */
  otherPhones: string[];
  /** lower case, beside `email` */
  otherEmails: string[];
};

export type RowOptions = {
  /** Read a name cell "Last, First" as "First Last". */
  flipNames?: boolean;
};

export type ContactRowResult =
  | {
      ok: true;
      contact: ContactRow;
      /** Values left out of the contact (a bad phone beside a good email, say), each why. */
      warnings: string[];
    }
  | { ok: false; reason: string }
  | { ok: 'skip' };

const emailSchema = z.email();

const cellAt = (cells: string[], index: number | undefined) =>
  index === undefined ? '' : (cells[index] ?? '').trim();

const orNull = (value: string) => (value === '' ? null : value);

/**
 * Google Contacts puts several values in one cell as "a ::: b"; other tools use a line break.
 * An email cell may also list addresses separated by "," or ";" (no address contains them).
 */
const splitValues = (raw: string, separators: RegExp): string[] =>
  separators.test(raw)
    ? raw
        .split(separators)
        .map((value) => value.trim())
        .filter(Boolean)
    : [raw];
const PHONE_SEPARATORS = /\s*:::\s*|\s*\n\s*/;
const EMAIL_SEPARATORS = /\s*:::\s*|\s*[\n,;]\s*/;

/** What a last row often says instead of a contact: a sum, not a person. */
const TOTALS = /^(grand )?(total|totals|sum|summe|gesamt|totaux|total général)\b/i;

/** The first valid value of some columns is the contact's; the other valid ones are extras. */
function readContactValues(
  cells: string[],
  mapping: Mapping,
  fields: readonly MappingField[],
  separators: RegExp,
  read: (raw: string) => { ok: true; value: string } | { ok: false; problem: string },
): { value: string | null; extras: string[]; problems: string[]; raw: boolean } {
  let value: string | null = null;
  const extras: string[] = [];
  const problems: string[] = [];
  let raw = false;
  for (const field of fields) {
    const cell = cellAt(cells, mapping[field]);
    if (cell === '') continue;
    raw = true;
    for (const one of splitValues(cell, separators)) {
      const result = read(one);
      if (!result.ok) problems.push(result.problem);
      else if (value === null) value = result.value;
      else if (result.value !== value && !extras.includes(result.value)) extras.push(result.value);
    }
  }
  return { value, extras, problems, raw };
}

/**
 * @param columnCount the header's number of columns: values beyond it make the row fail
 */
export function toContactRow(
  cells: string[],
  mapping: Mapping,
  defaultCountry: CountryCode,
  columnCount?: number,
  options: RowOptions = {},
): ContactRowResult {
  // The last non-blank value: none means a blank row; one beyond the header, a shifted row.
  let used = cells.length;
  while (used > 0 && cells[used - 1]!.trim() === '') used -= 1;
  if (used === 0) return { ok: 'skip' };
  if (columnCount !== undefined && used > columnCount)
    return {
      ok: false,
      reason: `The row has ${used} values but the header has ${columnCount} columns (is a value with a delimiter not in quotes?)`,
    };

  const fullName = cellAt(cells, mapping.name);
  const name = withPrefix(
    (options.flipNames ? flipLastFirst(fullName) : fullName) ||
      [cellAt(cells, mapping.firstName), cellAt(cells, mapping.lastName)].filter(Boolean).join(' '),
    cellAt(cells, mapping.prefix),
  );
  const rowCountry =
    mapping.country === undefined ? undefined : phoneRegionOf(cellAt(cells, mapping.country));
  const region = rowCountry ?? defaultCountry;
  const phones = readContactValues(cells, mapping, PHONE_FIELDS, PHONE_SEPARATORS, (raw) => {
    const read = readPhone(raw, region);
    return read.ok
      ? { ok: true, value: read.e164 }
      : { ok: false, problem: `Invalid phone number: ${raw} (${read.reason})` };
  });
  const emails = readContactValues(cells, mapping, EMAIL_FIELDS, EMAIL_SEPARATORS, (raw) => {
    const email = raw.toLowerCase();
    return emailSchema.safeParse(email).success
      ? { ok: true, value: email }
      : { ok: false, problem: `Invalid email address: ${raw}` };
  });
  if (!phones.raw && !emails.raw) {
    // A totals row at the end of a sheet is not a contact that failed.
    const first = cells.find((cell) => cell.trim() !== '')!;
    if (TOTALS.test(first.trim())) return { ok: 'skip' };
    return { ok: false, reason: 'No phone number or email address' };
  }
  const problems = [...phones.problems, ...emails.problems];
  // One good way to reach the person is enough: the bad values are left out and reported.
  if (phones.value === null && emails.value === null)
    return { ok: false, reason: problems.join('; ') };

  return {
    ok: true,
    contact: {
      name: name.replace(/\s+/g, ' '),
      phone: phones.value,
      email: emails.value,
      company: orNull(cellAt(cells, mapping.company)),
      notes: orNull(cellAt(cells, mapping.notes)),
      country: rowCountry ?? (phones.value === null ? null : countryOfNumber(phones.value)),
      otherPhones: phones.extras,
      otherEmails: emails.extras,
    },
    warnings: problems,
  };
}

/** A title put before the name ("Dr." + "Jane Smith"), unless the name starts with it. */
function withPrefix(name: string, prefix: string): string {
  if (prefix === '' || name === '') return name;
  const bare = (text: string) => text.toLowerCase().replace(/\.$/, '');
  const first = name.split(/\s+/)[0]!;
  return bare(first) === bare(prefix) ? name : `${prefix} ${name}`;
}

/** The country an E.164 number belongs to (+44 → GB); null when its code is shared and unclear. */
export function countryOfNumber(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

/**
 * The one phone rule (../phone.ts), plus one allowance for spreadsheets: a bare 8–15 digit
 * number that is not valid in the default country is tried as international, since
 * spreadsheets often drop a leading +.
 */
export function readPhone(raw: string, defaultCountry: CountryCode): NormalizedPhone {
  const read = normalizePhone(raw, defaultCountry);
  if (read.ok || !/^\d{8,15}$/.test(raw)) return read;
  const international = normalizePhone(`+${raw}`, defaultCountry);
  return international.ok ? international : read;
}

/** What happened to a row fed to the tracker. `index` numbers the people in order of first sight. */
export type TrackResult =
  | { merged: false; index: number; contact: ContactRow }
  | {
      merged: true;
      index: number;
      /** line of the row that introduced the person */
      intoLine: number;
      /** the person after the merge */
      contact: ContactRow;
      /** fields whose differing value in this row was dropped */
      ignored: (keyof ContactRow)[];
    };

/** A contact row's fields, in the order merges look at them. */
export const CONTACT_ROW_FIELDS = [
  'name',
  'phone',
  'email',
  'company',
  'notes',
  'country',
] as const;

/**
 * The values of `add` not already in `list` nor equal to `main`, after `list`'s: the other
 * numbers (addresses) of a contact once a row's are added. Answers `list` itself when nothing is
 * new, so a caller can tell.
 */
export function unionOthers(list: string[], add: (string | null)[], main: string | null): string[] {
  let merged: string[] | undefined;
  for (const value of add) {
    if (value === null || value === main || (merged ?? list).includes(value)) continue;
    (merged ??= [...list]).push(value);
  }
  return merged ?? list;
}

/** A field with nothing in it: a merge fills it, never overwrites what is there. */
export const isBlank = (value: string | null) => value === null || value === '';

/**
 * Keeps one merged contact per person of a file. A person's contact object is never changed
 * once handed out: a merge makes a new one, so callers may hold on to what `add` answers.
 */
export class DuplicateTracker {
  /** Per person, in order of first sight: the line that introduced it and its merged contact. */
  private readonly lines: number[] = [];
  private readonly people: ContactRow[] = [];
  private readonly byPhone = new Map<string, number>();
  private readonly byEmail = new Map<string, number>();

  add(contact: ContactRow, line: number): TrackResult {
    const byPhone = contact.phone === null ? undefined : this.byPhone.get(contact.phone);
    const byEmail = contact.email === null ? undefined : this.byEmail.get(contact.email);
    if (byPhone === undefined && byEmail === undefined) {
      const index = this.people.length;
      this.lines.push(line);
      this.people.push(contact);
      // Neither key is known yet (looked up above).
      if (contact.phone !== null) this.byPhone.set(contact.phone, index);
      if (contact.email !== null) this.byEmail.set(contact.email, index);
      return { merged: false, index, contact };
    }

    const index =
      byPhone === undefined
        ? byEmail!
        : byEmail === undefined
          ? byPhone
          : Math.min(byPhone, byEmail);
    const person = this.people[index]!;
    const ignored: (keyof ContactRow)[] = [];
    let merged: ContactRow | undefined;
    for (const field of CONTACT_ROW_FIELDS) {
      const value = contact[field];
      if (isBlank(value)) continue;
      const current = person[field];
      if (isBlank(current)) (merged ??= { ...person })[field] = value!;
      // A second number or address of the person is one of its others, not a value dropped.
      else if (current !== value && field !== 'phone' && field !== 'email') ignored.push(field);
    }
    const base = merged ?? person;
    const otherPhones = unionOthers(
      base.otherPhones,
      [contact.phone, ...contact.otherPhones],
      base.phone,
    );
    const otherEmails = unionOthers(
      base.otherEmails,
      [contact.email, ...contact.otherEmails],
      base.email,
    );
    if (otherPhones !== base.otherPhones || otherEmails !== base.otherEmails)
      merged = { ...base, otherPhones, otherEmails };
    // The row's extra columns the person does not have yet are added (decision 070).
    const fields = mergeExtraFields(person.fields, contact.fields);
    if (fields !== undefined) (merged ??= { ...person }).fields = fields;
    if (merged !== undefined) {
      this.people[index] = merged;
      this.remember(merged, index);
    }
    return {
      merged: true,
      index,
      intoLine: this.lines[index]!,
      contact: merged ?? person,
      ignored,
    };
  }

  /** One contact per person, in order of first sight, merged. */
  contacts(): ContactRow[] {
    return this.people.map((contact) => ({ ...contact }));
  }

  private remember(contact: ContactRow, index: number) {
    if (contact.phone !== null && !this.byPhone.has(contact.phone))
      this.byPhone.set(contact.phone, index);
    if (contact.email !== null && !this.byEmail.has(contact.email))
      this.byEmail.set(contact.email, index);
  }
}

/**
 * A contact's extra columns with another row's added: only names it does not have yet (a value
 * there is never overwritten), up to the limit of columns. Undefined when nothing is added.
 */
export function mergeExtraFields(
  current: Record<string, string> | null | undefined,
  added: Record<string, string> | null | undefined,
): Record<string, string> | undefined {
  if (!added) return undefined;
  let merged: Record<string, string> | undefined;
  let n = current ? Object.keys(current).length : 0;
  for (const [name, value] of Object.entries(added)) {
    if (n >= MAX_EXTRA_FIELDS) break;
    if (value === '' || (current && name in current)) continue;
    (merged ??= { ...current })[name] = value;
    n += 1;
  }
  return merged;
}

/** "Last visit" → "last_visit": a header as a template variable's name ({{last_visit}}). */
export function variableNameOf(header: string): string | undefined {
  const name = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '' || !/^[a-z]/.test(name)) return undefined;
  return name.slice(0, 40);
}

/** The most extra columns kept per contact. */
const MAX_EXTRA_FIELDS = 30;
/** The longest value kept of an extra column. */
const MAX_EXTRA_VALUE = 500;

/**
 * The row's values in columns no field of the mapping uses, by variable name (blank values and
 * headers that make no name are left out); null when there are none.
 */
export function extraFieldsOf(
  headers: readonly string[],
  cells: readonly string[],
  mapping: Mapping,
): Record<string, string> | null {
  const used = new Set(Object.values(mapping));
  const fields: Record<string, string> = {};
  let n = 0;
  for (const [index, header] of headers.entries()) {
    if (used.has(index) || n >= MAX_EXTRA_FIELDS) continue;
    const name = variableNameOf(header);
    const value = (cells[index] ?? '').trim();
    if (!name || value === '' || name in fields) continue;
    fields[name] = value.slice(0, MAX_EXTRA_VALUE);
    n += 1;
  }
  return n === 0 ? null : fields;
}
