/**
 * Which column holds what. The preview suggests a mapping from the header row; the person may
 * change it, and the edited mapping is validated before anything is written.
 */
import type { CountryCode } from 'libphonenumber-js';
import {
  EMAIL_FIELDS,
  isLastFirst,
  LAST_FIRST_SHARE,
  PHONE_FIELDS,
  type Mapping,
  type MappingField,
} from '@switchboard/shared/contact-imports';
import { phoneRegionOf } from '../phone';
import { countryOfNumber, readPhone } from './rows';

/** Lower case, accents dropped, only letters and digits: "E-Mail", "e mail" and "Email" agree. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Exact header names for the fields a file has one column of. */
const SYNONYMS: Record<
  'prefix' | 'name' | 'firstName' | 'lastName' | 'company' | 'notes',
  string[]
> = {
  // Outlook's "Title" is the courtesy title ("Mr.", "Dr."); its job title is "Job Title".
  prefix: [
    'prefix',
    'name prefix',
    'title',
    'salutation',
    'honorific',
    'anrede',
    'titel',
    'civilité',
    'titre',
    'tratamiento',
    'título',
  ],
  name: [
    'name',
    'full name',
    'contact',
    'contact name',
    'patient',
    'patient name',
    'client',
    'client name',
    'customer',
    'customer name',
    'display name',
    'formatted name',
    'nombre',
    'nombre completo',
    'nom complet',
    'nom',
    'vollständiger name',
  ],
  firstName: [
    'first name',
    'firstname',
    'given name',
    'forename',
    'first',
    'fname',
    'vorname',
    'prénom',
    'nombre de pila',
  ],
  lastName: [
    'last name',
    'surname',
    'family name',
    'last',
    'lname',
    'nachname',
    'familienname',
    'apellido',
    'apellidos',
    'nom de famille',
  ],
  company: [
    'company',
    'company name',
    'organisation',
    'organization',
    'organization name',
    'organization 1 - name',
    'organisation name',
    'business',
    'employer',
    'empresa',
    'firma',
    'unternehmen',
    'société',
    'entreprise',
  ],
  notes: [
    'notes',
    'note',
    'comments',
    'comment',
    'remarks',
    'notas',
    'comentarios',
    'notizen',
    'bemerkungen',
    'remarques',
    'commentaires',
  ],
};

const BY_SYNONYM = new Map<string, MappingField>();
for (const field of Object.keys(SYNONYMS) as (keyof typeof SYNONYMS)[])
  for (const synonym of SYNONYMS[field]) BY_SYNONYM.set(normalizeHeader(synonym), field);

/**
 * A column that says what kind another column's value is ("E-mail 1 - Type", "Phone 1 -
 * Label": "Mobile", "* Home"), or a name for an address rather than the address: never a value.
 */
const LABEL_COLUMN = /(\btype|\btyp|\blabel|\bkind|display name|anzeigename|phonetic|yomi)\b/i;

const EMAIL = /e-?\s?mail|correo|courriel|messagerie|^mail\b|\bmail$/i;
/** A column naming the person's country: its national phone numbers are read there. */
const COUNTRY = /country|\bland\b|\bpays\b|país|\bnation/i;
const PHONE =
  /phone|mobile|\bcell|\btel\b|telef|téléph|handy|\bmobil|portable|móvil|celular|^number$/i;
/** Phone-like columns nobody answers a call on. */
const NOT_A_PHONE = /fax|telex|pager|tty|isdn|radio|assistant|callback/i;

/**
 * Which phone column comes first: mobile, then plain or numbered ("Phone", "Phone 1 - Value"),
 * work, home, the one marked primary, and the rest; a second work or home number ("Business
 * Phone 2") after all of those. In file order within a rank.
 */
function phoneRank(header: string): number {
  let rank: number;
  if (/mobile|\bcell|handy|\bmobil|portable|móvil|celular/i.test(header)) return 0;
  if (/company|other|weitere|autre|otro|\bcar\b/i.test(header)) rank = 5;
  else if (/business|work|office|geschäftl|büro|bureau|travail|trabajo/i.test(header)) rank = 2;
  else if (/home|privat|domicile|casa/i.test(header)) rank = 3;
  else if (/primary|main|haupt/i.test(header)) rank = 4;
  else return 1;
  return /\b[2-9]\b/.test(header) ? rank + 5 : rank;
}

/**
 * The exports people bring — Google Contacts ("Phone 1 - Type", "Phone 1 - Value", …),
 * Outlook ("E-mail Address", "Mobile Phone", "Business Phone", …), vCard converters, HubSpot,
 * Mailchimp — and hand-made sheets in several languages:
 * - a column whose header is a known name for a field gets it (the first such column);
 * - phone and email columns are the value columns whose header names one, never a type or label
 *   column; up to three of each are mapped (phone, phone2, phone3), phones mobile first, then
 *   work and home;
 * - when the file has a first-name column and a bare "name" ("Vorname" + "Name", "Prénom" +
 *   "Nom"), the bare one is the surname; with a surname column but no first-name one ("Nombre" +
 *   "Apellidos"), the bare one is the first name.
 */
export function suggestMapping(headers: string[]): Mapping {
  const mapping: Mapping = {};
  const used = new Set<number>();
  headers.forEach((header, index) => {
    const field = BY_SYNONYM.get(normalizeHeader(header));
    if (field !== undefined && mapping[field] === undefined) {
      mapping[field] = index;
      used.add(index);
    }
  });
  const candidates = (pattern: RegExp, refuse?: RegExp) =>
    headers
      .map((header, index) => ({ header: header.trim(), index }))
      .filter(
        ({ header, index }) =>
          !used.has(index) &&
          pattern.test(header) &&
          !LABEL_COLUMN.test(header) &&
          !refuse?.test(header),
      );
  const emails = candidates(EMAIL);
  EMAIL_FIELDS.forEach((field, i) => {
    const column = emails[i];
    if (column !== undefined) mapping[field] = column.index;
  });
  for (const { index } of emails) used.add(index);
  const phones = candidates(PHONE, NOT_A_PHONE)
    .map((column) => ({ ...column, rank: phoneRank(column.header) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  PHONE_FIELDS.forEach((field, i) => {
    const column = phones[i];
    if (column !== undefined) mapping[field] = column.index;
  });
  const country = candidates(COUNTRY)[0];
  if (country !== undefined) mapping.country = country.index;
  if (mapping.name !== undefined) {
    if (mapping.firstName !== undefined && mapping.lastName === undefined) {
      mapping.lastName = mapping.name;
      delete mapping.name;
    } else if (mapping.lastName !== undefined && mapping.firstName === undefined) {
      mapping.firstName = mapping.name;
      delete mapping.name;
    }
  }
  return mapping;
}

/** The header row as a key: the same columns (in any case or accents) give the same key. */
export function headerKeyOf(headers: string[]): string {
  return headers.map(normalizeHeader).join('|');
}

/**
 * Whether the file writes its names "Last, First": at least LAST_FIRST_SHARE of the non-blank
 * cells of its name column (in the rows given) hold exactly one comma. False without a name
 * column (first and last name in columns of their own need no flipping).
 */
export function suggestFlipNames(rows: string[][], mapping: Mapping): boolean {
  if (mapping.name === undefined) return false;
  let names = 0;
  let lastFirst = 0;
  for (const row of rows) {
    const cell = (row[mapping.name] ?? '').trim();
    if (cell === '') continue;
    names += 1;
    if (isLastFirst(cell)) lastFirst += 1;
  }
  return names > 0 && lastFirst / names >= LAST_FIRST_SHARE;
}

const CELL_SEPARATORS = /\s*:::\s*|\s*\n\s*/;

/**
 * How the phone numbers of some rows, under a mapping, sit with the default country: how many
 * there are, how many are not numbers of that country (another country code, or not valid
 * there), and which other countries the valid ones are from. A row whose country column names
 * a country is read there, so its numbers are not counted as foreign.
 */
export function checkPhoneCountries(
  rows: string[][],
  mapping: Mapping,
  defaultCountry: CountryCode | undefined,
): { rows: number; numbers: number; foreign: number; countries: string[] } {
  let numbers = 0;
  let foreign = 0;
  const seen = new Map<string, number>();
  for (const row of rows) {
    const rowCountry =
      mapping.country === undefined
        ? undefined
        : phoneRegionOf((row[mapping.country] ?? '').trim());
    for (const field of PHONE_FIELDS) {
      const index = mapping[field];
      if (index === undefined) continue;
      const cell = (row[index] ?? '').trim();
      if (cell === '') continue;
      for (const value of cell.split(CELL_SEPARATORS).filter(Boolean)) {
        numbers += 1;
        if (rowCountry !== undefined) continue;
        const read = defaultCountry === undefined ? undefined : readPhone(value, defaultCountry);
        const country = read?.ok ? countryOfNumber(read.e164) : null;
        if (read?.ok && country === defaultCountry) continue;
        foreign += 1;
        if (country !== null) seen.set(country, (seen.get(country) ?? 0) + 1);
      }
    }
  }
  const countries = [...seen].sort((a, b) => b[1] - a[1]).map(([code]) => code);
  return { rows: rows.length, numbers, foreign, countries };
}
