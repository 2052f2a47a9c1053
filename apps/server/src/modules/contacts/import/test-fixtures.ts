/**
 * Files built in memory for the import tests, as the real tools write them: exceljs workbooks,
 * packages laid out as SheetJS writes them, hand-made zips and minimal packages, and the CSV
 * exports of Google Contacts and Outlook.
 */
import { buildZip, type ZipEntry } from '@switchboard/sandbox/test/documents';
import ExcelJS from 'exceljs';

/** An .xlsx whose sheets hold the given rows (sheets in order). */
export async function buildXlsx(
  sheets: { name?: string; rows: ExcelJS.CellValue[][] }[],
  configure?: (workbook: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  sheets.forEach((sheet, i) => {
    const worksheet = workbook.addWorksheet(sheet.name ?? `Sheet${i + 1}`);
    for (const row of sheet.rows) worksheet.addRow(row);
  });
  configure?.(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const xmlPart = (body: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);

const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PACKAGE_RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** A `.rels` part: each relationship as [type (after `…/relationships/`), target]. */
const relsPart = (relationships: [type: string, target: string][]) =>
  xmlPart(
    `<Relationships xmlns="${PACKAGE_RELS_NS}">` +
      relationships
        .map(
          ([type, target], i) =>
            `<Relationship Id="rId${i + 1}" Type="${RELS_NS}/${type}" Target="${target}"/>`,
        )
        .join('') +
      '</Relationships>',
  );

const contentTypesPart = (overrides: [part: string, type: string][]) =>
  xmlPart(
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      overrides
        .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
        .join('') +
      '</Types>',
  );

const workbookPart = (sheetName: string) =>
  xmlPart(
    `<workbook xmlns="${SPREADSHEET_NS}" xmlns:r="${RELS_NS}"><sheets>` +
      `<sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );

/**
 * A worksheet part: `cell` writes one cell's XML from its value and reference ('' leaves the
 * cell out); a row without cells is written as `<row/>` only with `emptyRows: 'keep'`.
 */
const worksheetPart = <T>(
  rows: T[][],
  cell: (value: T, ref: string) => string,
  emptyRows: 'keep' | 'leave out',
) =>
  xmlPart(
    `<worksheet xmlns="${SPREADSHEET_NS}"><sheetData>` +
      rows
        .map((row, r) => {
          const cells = row.map((value, c) => cell(value, cellRef(r, c))).join('');
          return cells || emptyRows === 'keep' ? `<row r="${r + 1}">${cells}</row>` : '';
        })
        .join('') +
      '</sheetData></worksheet>',
  );

const cellRef = (row: number, column: number) => `${String.fromCharCode(65 + column)}${row + 1}`;

/** Days since Excel's epoch (1899-12-30), the number a date cell stores. */
const excelSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/**
 * An .xlsx laid out as SheetJS 0.18 (the `xlsx` package, `XLSX.write`) saves one: parts stored
 * without compression, the worksheet before the workbook part and the shared strings, the
 * content types last; strings as formula strings (`t="str"`) or, with `sharedStrings`, in
 * `xl/sharedStrings.xml`; dates as day numbers with the built-in date format 14; `null` and
 * `undefined` left out. Its theme, metadata and document properties, which no reader of ours
 * opens, are left out.
 */
export function buildSheetJsXlsx(
  rows: (string | number | Date | null | undefined)[][],
  options: { sharedStrings?: boolean } = {},
): Buffer {
  const shared: string[] = [];
  const sheet = worksheetPart(
    rows,
    (value, ref) => {
      if (value === null || value === undefined) return '';
      if (value instanceof Date) return `<c r="${ref}" s="1"><v>${excelSerial(value)}</v></c>`;
      if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
      if (!options.sharedStrings) return `<c r="${ref}" t="str"><v>${escapeXml(value)}</v></c>`;
      shared.push(value);
      return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
    },
    'leave out',
  );
  const styles = xmlPart(
    `<styleSheet xmlns="${SPREADSHEET_NS}"><cellXfs count="2">` +
      '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
      '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
      '</cellXfs></styleSheet>',
  );
  const sharedStrings = xmlPart(
    `<sst xmlns="${SPREADSHEET_NS}" count="${shared.length}" uniqueCount="${shared.length}">` +
      shared.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('') +
      '</sst>',
  );
  const parts: ZipEntry[] = [
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: relsPart([
        ['worksheet', 'worksheets/sheet1.xml'],
        ...(options.sharedStrings
          ? [['sharedStrings', 'sharedStrings.xml'] as [string, string]]
          : []),
        ['styles', 'styles.xml'],
      ]),
    },
    { name: 'xl/styles.xml', data: styles },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    { name: 'xl/workbook.xml', data: workbookPart('Contacts') },
    ...(options.sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: sharedStrings }] : []),
    { name: '_rels/.rels', data: relsPart([['officeDocument', 'xl/workbook.xml']]) },
    {
      name: '[Content_Types].xml',
      data: contentTypesPart([
        ['xl/workbook.xml', `${CONTENT_TYPE}.sheet.main+xml`],
        ['xl/worksheets/sheet1.xml', `${CONTENT_TYPE}.worksheet+xml`],
        ...(options.sharedStrings
          ? [['xl/sharedStrings.xml', `${CONTENT_TYPE}.sharedStrings+xml`] as [string, string]]
          : []),
        ['xl/styles.xml', `${CONTENT_TYPE}.styles+xml`],
      ]),
    },
  ];
  return buildZip(parts.map((part) => ({ ...part, deflate: false })));
}

/**
 * The smallest package Excel opens, written by hand as small tools do: inline strings
 * (`t="inlineStr"`), no shared strings, no styles, no document properties, and blank cells
 * left out. A number cell is written as `<v>`; `null` leaves the cell out.
 */
export function buildMinimalXlsx(rows: (string | number | null)[][]): Buffer {
  const sheet = worksheetPart(
    rows,
    (value, ref) => {
      if (value === null) return '';
      if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
      return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
    },
    'keep',
  );
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: contentTypesPart([
        ['xl/workbook.xml', `${CONTENT_TYPE}.sheet.main+xml`],
        ['xl/worksheets/sheet1.xml', `${CONTENT_TYPE}.worksheet+xml`],
      ]),
    },
    { name: '_rels/.rels', data: relsPart([['officeDocument', 'xl/workbook.xml']]) },
    { name: 'xl/workbook.xml', data: workbookPart('Sheet1') },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: relsPart([['worksheet', 'worksheets/sheet1.xml']]),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
}

/** A multipart/form-data body as a browser sends it, with one file part and other fields. */
export function multipartBody(
  file: { name: string; data: string | Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----switchboard${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The 49 columns of a Google Contacts CSV export ("Google CSV"), in its order. */
export const GOOGLE_CONTACTS_HEADERS = [
  'Name',
  'Given Name',
  'Additional Name',
  'Family Name',
  'Yomi Name',
  'Given Name Yomi',
  'Additional Name Yomi',
  'Family Name Yomi',
  'Name Prefix',
  'Name Suffix',
  'Initials',
  'Nickname',
  'Short Name',
  'Maiden Name',
  'Birthday',
  'Gender',
  'Location',
  'Billing Information',
  'Directory Server',
  'Mileage',
  'Occupation',
  'Hobby',
  'Sensitivity',
  'Priority',
  'Subject',
  'Notes',
  'Language',
  'Photo',
  'Group Membership',
  'E-mail 1 - Type',
  'E-mail 1 - Value',
  'E-mail 2 - Type',
  'E-mail 2 - Value',
  'Phone 1 - Type',
  'Phone 1 - Value',
  'Phone 2 - Type',
  'Phone 2 - Value',
  'Address 1 - Type',
  'Address 1 - Formatted',
  'Address 1 - Street',
  'Address 1 - City',
  'Address 1 - Region',
  'Address 1 - Postal Code',
  'Address 1 - Country',
  'Organization 1 - Type',
  'Organization 1 - Name',
  'Organization 1 - Title',
  'Website 1 - Type',
  'Website 1 - Value',
] as const;

export type GooglePerson = {
  /** "Dr.", "Mrs.": Google writes it in "Name Prefix" and at the start of "Name". */
  prefix?: string;
  given: string;
  family: string;
  emails?: [type: string, value: string][];
  phones?: [type: string, value: string][];
  company?: string;
  country?: string;
  notes?: string;
  /** Other columns of the export, as it writes them ("Birthday", "Occupation" …). */
  more?: Partial<Record<(typeof GOOGLE_CONTACTS_HEADERS)[number], string>>;
};

const csvCell = (value: string, delimiter: string) =>
  /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * A Google Contacts CSV export as Google writes it: UTF-8 without a BOM, commas, LF line ends,
 * every one of the 49 columns on every row, several values of one kind in one cell as
 * "a ::: b" with the types as "* Mobile ::: Home" ("*" marks the primary one).
 */
export function buildGoogleContactsCsv(people: GooglePerson[]): string {
  const at = (name: (typeof GOOGLE_CONTACTS_HEADERS)[number]) =>
    GOOGLE_CONTACTS_HEADERS.indexOf(name);
  const lines = [GOOGLE_CONTACTS_HEADERS.join(',')];
  for (const person of people) {
    const cells: string[] = GOOGLE_CONTACTS_HEADERS.map(() => '');
    cells[at('Name')] = [person.prefix, person.given, person.family].filter(Boolean).join(' ');
    cells[at('Name Prefix')] = person.prefix ?? '';
    cells[at('Given Name')] = person.given;
    cells[at('Family Name')] = person.family;
    cells[at('Group Membership')] = '* myContacts';
    cells[at('Notes')] = person.notes ?? '';
    (person.emails ?? []).forEach(([type, value], i) => {
      if (i > 1) return;
      cells[at(i === 0 ? 'E-mail 1 - Type' : 'E-mail 2 - Type')] = type;
      cells[at(i === 0 ? 'E-mail 1 - Value' : 'E-mail 2 - Value')] = value;
    });
    (person.phones ?? []).forEach(([type, value], i) => {
      if (i > 1) return;
      cells[at(i === 0 ? 'Phone 1 - Type' : 'Phone 2 - Type')] = type;
      cells[at(i === 0 ? 'Phone 1 - Value' : 'Phone 2 - Value')] = value;
    });
    if (person.company) {
      cells[at('Organization 1 - Type')] = '';
      cells[at('Organization 1 - Name')] = person.company;
    }
    for (const [header, value] of Object.entries(person.more ?? {}))
      cells[at(header as (typeof GOOGLE_CONTACTS_HEADERS)[number])] = value;
    if (person.country) {
      cells[at('Address 1 - Type')] = 'Home';
      cells[at('Address 1 - Country')] = person.country;
      cells[at('Address 1 - Formatted')] = `Main Street 1\n${person.country}`;
    }
    lines.push(cells.map((cell) => csvCell(cell, ',')).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The columns of Outlook's "Export to a file → Comma Separated Values", in its order. */
export const OUTLOOK_HEADERS = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'Nickname',
  'Given Yomi',
  'Surname Yomi',
  'E-mail Address',
  'E-mail 2 Address',
  'E-mail 3 Address',
  'Home Phone',
  'Home Phone 2',
  'Business Phone',
  'Business Phone 2',
  'Mobile Phone',
  'Car Phone',
  'Other Phone',
  'Primary Phone',
  'Pager',
  'Business Fax',
  'Home Fax',
  'Other Fax',
  'Company Main Phone',
  'Callback',
  'Radio Phone',
  'Telex',
  'TTY/TDD Phone',
  'IMAddress',
  'Job Title',
  'Department',
  'Company',
  'Office Location',
  "Manager's Name",
  "Assistant's Name",
  "Assistant's Phone",
  'Company Yomi',
  'Business Street',
  'Business City',
  'Business State',
  'Business Postal Code',
  'Business Country/Region',
  'Home Street',
  'Home City',
  'Home State',
  'Home Postal Code',
  'Home Country/Region',
  'Other Street',
  'Other City',
  'Other State',
  'Other Postal Code',
  'Other Country/Region',
  'Personal Web Page',
  'Spouse',
  'Schools',
  'Hobby',
  'Location',
  'Web Page',
  'Birthday',
  'Anniversary',
  'Notes',
] as const;

export type OutlookPerson = Partial<Record<(typeof OUTLOOK_HEADERS)[number], string>>;

/**
 * An Outlook CSV export as Outlook writes it in a European locale: a UTF-8 BOM, ";" between
 * values (the list separator of German, French or Spanish Windows), CRLF line ends, every value
 * in quotes, and the numbers as people typed them (national, with spaces, slashes or dots).
 */
export function buildOutlookCsv(people: OutlookPerson[]): Buffer {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = [OUTLOOK_HEADERS.map(quote).join(';')];
  for (const person of people)
    lines.push(OUTLOOK_HEADERS.map((header) => quote(person[header] ?? '')).join(';'));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
}

/**
 * Ten people as Google Contacts exports them (numbers in US form: import them in the US).
 * Imported as suggested: Finn (bad phone and email) and Gail (neither) fail; Cara is kept with
 * her email, without the bad phone (a warning); Ida's email is Ann's, so Ida goes into Ann's
 * contact. 7 created, 1 merged, 2 failed, 1 with a warning.
 */
export const GOOGLE_PEOPLE: GooglePerson[] = [
  {
    given: 'Ann',
    family: 'Murphy',
    emails: [['* Home', 'ann@example.com']],
    phones: [['Mobile', '(212) 555-1000 ::: (646) 555-0199']],
    company: 'Murphy Dental',
  },
  { given: 'Bob', family: 'Stone', phones: [['* Mobile', '+1 415-555-0132']] },
  {
    given: 'Cara',
    family: 'Lee',
    emails: [['Work', 'cara@example.com ::: cara.lee@example.org']],
    phones: [['Work', '555-01']],
  },
  { given: 'Dan', family: 'Ortiz', emails: [['* Other', 'dan@example.com']] },
  {
    given: 'Eve',
    family: 'Quinn',
    phones: [
      ['Home', '(718) 555-0110'],
      ['Mobile', '(917) 555-0123'],
    ],
  },
  { given: 'Finn', family: 'Walsh', emails: [['Home', 'finn@']], phones: [['Mobile', '12']] },
  { given: 'Gail', family: 'Hart', notes: 'Met at the fair' },
  { given: 'Hugo', family: 'Berg', emails: [['* Home', 'hugo@example.com']], country: 'Germany' },
  {
    given: 'Ida',
    family: 'Nolan',
    emails: [['Home', 'ANN@example.com']],
    phones: [['Mobile', '(347) 555-0177']],
  },
  { given: 'Jon', family: 'Park', phones: [['Mobile', '+44 20 7946 0958']], company: 'Park & Co' },
];

/**
 * Nine people in the Outlook export of an office with German, French and Spanish contacts:
 * national numbers, read in each row's "Business Country/Region". Imported as suggested into a
 * business in Ireland: 9 created, 1 with a warning (Anna's mobile is "n/a": her home number
 * is kept).
 */
export const OUTLOOK_PEOPLE: OutlookPerson[] = [
  {
    'First Name': 'Jonas',
    'Last Name': 'Weber',
    'E-mail Address': 'jonas@example.de',
    'Mobile Phone': '0151 23456789',
    'Business Country/Region': 'Germany',
  },
  {
    'First Name': 'Lea',
    'Last Name': 'Schmidt',
    'E-mail Address': 'lea@example.de',
    'Business Phone': '030 1234567',
    'Mobile Phone': '0170/1234567',
    'Business Country/Region': 'Germany',
  },
  {
    'First Name': 'Émile',
    'Last Name': 'Durand',
    'E-mail Address': 'emile@example.fr',
    'Mobile Phone': '06 12 34 56 78',
    'Business Country/Region': 'France',
  },
  {
    'First Name': 'Chloé',
    'Last Name': 'Martin',
    'E-mail Address': 'chloe@example.fr',
    'Business Phone': '01.42.68.53.00',
    'Business Country/Region': 'France',
  },
  {
    'First Name': 'Lucía',
    'Last Name': 'García',
    'E-mail Address': 'lucia@example.es',
    'Mobile Phone': '612 34 56 78',
    'Business Country/Region': 'Spain',
  },
  {
    'First Name': 'Javier',
    'Last Name': 'López',
    'E-mail Address': 'javier@example.es',
    'Business Phone': '912 345 678',
    'Business Country/Region': 'Spain',
  },
  {
    'First Name': 'Anna',
    'Last Name': 'Fischer',
    'E-mail Address': 'anna@example.de',
    'Home Phone': '089 12345',
    'Mobile Phone': 'n/a',
    'Business Country/Region': 'Germany',
  },
  {
    'First Name': 'Paul',
    'Last Name': 'Keller',
    'E-mail Address': 'paul@example.de',
    Notes: 'Rückruf; "dringend"',
  },
  {
    'First Name': 'Marie',
    'Last Name': 'Roux',
    'E-mail Address': 'marie@example.fr',
    'E-mail 2 Address': 'marie.roux@example.com',
    'Mobile Phone': '+33 6 98 76 54 32',
  },
];
