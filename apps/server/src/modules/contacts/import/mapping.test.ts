import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES, importMappingSchema } from '@switchboard/shared/contact-imports';
import { checkPhoneCountries, suggestFlipNames, suggestMapping } from './mapping';
import {
  buildOutlookCsv,
  GOOGLE_CONTACTS_HEADERS,
  OUTLOOK_HEADERS,
  OUTLOOK_PEOPLE,
} from './test-fixtures';

describe('suggestMapping', () => {
  it.each([
    [
      'English with odd spacing and case',
      ['Full Name', ' PHONE NUMBER ', 'E-mail Address', 'Organisation', 'Comments'],
      { name: 0, phone: 1, email: 2, company: 3, notes: 4 },
    ],
    [
      'first and last name',
      ['First Name', 'Surname', 'Mobile', 'Email'],
      { firstName: 0, lastName: 1, phone: 2, email: 3 },
    ],
    [
      'German',
      ['Vorname', 'Nachname', 'Telefon', 'E-Mail', 'Firma', 'Notizen'],
      { firstName: 0, lastName: 1, phone: 2, email: 3, company: 4, notes: 5 },
    ],
    [
      'French: "Nom" beside "Prénom" is the surname',
      ['Prénom', 'Nom', 'Téléphone', 'Courriel', 'Société'],
      { firstName: 0, lastName: 1, phone: 2, email: 3, company: 4 },
    ],
    [
      'Spanish: "Nombre" beside "Apellidos" is the first name',
      ['Nombre', 'Apellidos', 'Teléfono', 'Correo'],
      { firstName: 0, lastName: 1, phone: 2, email: 3 },
    ],
    ['Spanish full name', ['nombre', 'telefono'], { name: 0, phone: 1 }],
    [
      'headers that only contain the word',
      ['Contact', 'Work Phone', 'Email 2', 'Tel'],
      { name: 0, phone: 3, phone2: 1, email: 2 },
    ],
    ['nothing recognisable', ['foo', 'bar'], {}],
  ])('%s', (_label, headers, expected) => {
    expect(suggestMapping(headers)).toEqual(expected);
  });

  it('puts the mobile column first and keeps the other phone columns', () => {
    expect(suggestMapping(['Phone', 'Mobile', 'Name'])).toEqual({ phone: 1, phone2: 0, name: 2 });
  });

  it('maps a Google Contacts export to its value columns, never the type columns', () => {
    const at = (name: (typeof GOOGLE_CONTACTS_HEADERS)[number]) =>
      GOOGLE_CONTACTS_HEADERS.indexOf(name);
    expect(suggestMapping([...GOOGLE_CONTACTS_HEADERS])).toEqual({
      prefix: at('Name Prefix'),
      name: at('Name'),
      firstName: at('Given Name'),
      lastName: at('Family Name'),
      notes: at('Notes'),
      email: at('E-mail 1 - Value'),
      email2: at('E-mail 2 - Value'),
      phone: at('Phone 1 - Value'),
      phone2: at('Phone 2 - Value'),
      company: at('Organization 1 - Name'),
      country: at('Address 1 - Country'),
    });
  });

  it('maps an Outlook export: mobile phone first, then business, then home', () => {
    const at = (name: (typeof OUTLOOK_HEADERS)[number]) => OUTLOOK_HEADERS.indexOf(name);
    expect(suggestMapping([...OUTLOOK_HEADERS])).toEqual({
      // Outlook's "Title" is "Mr.", "Dr.": the prefix; "Job Title" is not mapped.
      prefix: at('Title'),
      firstName: at('First Name'),
      lastName: at('Last Name'),
      email: at('E-mail Address'),
      email2: at('E-mail 2 Address'),
      email3: at('E-mail 3 Address'),
      phone: at('Mobile Phone'),
      phone2: at('Business Phone'),
      phone3: at('Home Phone'),
      company: at('Company'),
      notes: at('Notes'),
      country: at('Business Country/Region'),
    });
  });

  it.each([
    [
      'the new Google Contacts export (labels, not types)',
      [
        'First Name',
        'Middle Name',
        'Last Name',
        'Phonetic First Name',
        'Organization Name',
        'E-mail 1 - Label',
        'E-mail 1 - Value',
        'Phone 1 - Label',
        'Phone 1 - Value',
      ],
      { firstName: 0, lastName: 2, company: 4, email: 6, phone: 8 },
    ],
    [
      'HubSpot',
      [
        'Record ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone Number',
        'Mobile Phone Number',
        'Company Name',
        'Contact owner',
        'Lifecycle Stage',
      ],
      { firstName: 1, lastName: 2, email: 3, phone: 5, phone2: 4, company: 6 },
    ],
    [
      'Mailchimp',
      [
        'Email Address',
        'First Name',
        'Last Name',
        'Address',
        'Phone Number',
        'Birthday',
        'MEMBER_RATING',
        'OPTIN_TIME',
        'TAGS',
      ],
      { email: 0, firstName: 1, lastName: 2, phone: 4 },
    ],
    [
      'a vCard converter',
      [
        'Formatted Name',
        'Given Name',
        'Family Name',
        'Email (home)',
        'Email (work)',
        'Phone (home)',
        'Phone (cell)',
        'Organization',
        'Note',
      ],
      {
        name: 0,
        firstName: 1,
        lastName: 2,
        email: 3,
        email2: 4,
        phone: 6,
        phone2: 5,
        company: 7,
        notes: 8,
      },
    ],
  ])('maps %s', (_label, headers, expected) => {
    expect(suggestMapping(headers)).toEqual(expected);
  });
});

describe('importMappingSchema', () => {
  const messages = (mapping: unknown, columns = 4) => {
    const result = importMappingSchema(columns).safeParse(mapping);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts a name and a phone or an email', () => {
    expect(messages({ name: 0, phone: 1 })).toEqual([]);
    expect(messages({ firstName: 0, lastName: 1, email: 2, notes: 3 })).toEqual([]);
  });

  it('asks for a phone or an email', () => {
    expect(messages({ name: 0, company: 1 })).toEqual([MAPPING_MESSAGES.contact]);
  });

  it('asks for a name, or both first and last name', () => {
    expect(messages({ phone: 0 })).toEqual([MAPPING_MESSAGES.name]);
    expect(messages({ firstName: 0, phone: 1 })).toEqual([MAPPING_MESSAGES.name]);
  });

  it('refuses a column used twice', () => {
    expect(messages({ name: 0, phone: 1, notes: 1 })).toEqual([MAPPING_MESSAGES.duplicate]);
  });

  it('refuses a column the file does not have, and fields it does not know', () => {
    expect(messages({ name: 0, phone: 4 })).toEqual([MAPPING_MESSAGES.outOfRange]);
    expect(messages({ name: 0, phone: 1, fax: 2 })).toHaveLength(1);
  });
});

describe('suggestFlipNames', () => {
  const rows = (names: string[]) => names.map((name) => [name, '+353871234567']);
  it('is on when most name cells hold one comma', () => {
    expect(
      suggestFlipNames(rows(['Smith, Jane', 'Byrne, Tom', 'Ann Lee', '']), { name: 0, phone: 1 }),
    ).toBe(true);
  });
  it('is off when few do, or the names are in columns of their own', () => {
    expect(
      suggestFlipNames(rows(['Jane Smith', 'Byrne, Tom', 'Ann Lee']), { name: 0, phone: 1 }),
    ).toBe(false);
    expect(
      suggestFlipNames(rows(['Smith, Jane', 'Byrne, Tom']), { firstName: 0, lastName: 1 }),
    ).toBe(false);
    expect(suggestFlipNames(rows(['Smith, Jones & Co, Ltd']), { name: 0, phone: 1 })).toBe(false);
  });
});

describe('checkPhoneCountries', () => {
  it("counts the numbers that are not the default country's, and says where they are from", () => {
    const rows = [
      ['Ann', '087 123 4567'],
      ['Bob', '+44 20 7946 0958 ::: +44 161 496 0000'],
      ['Cara', '0151 23456789'],
      ['Dan', ''],
      ['Eve', '+33 6 12 34 56 78'],
    ];
    expect(checkPhoneCountries(rows, { name: 0, phone: 1 }, 'IE')).toEqual({
      rows: 5,
      numbers: 5,
      foreign: 4,
      countries: ['GB', 'FR'],
    });
  });
  it('does not count a row whose country column names its country', () => {
    const rows = [
      ['Cara', '0151 23456789', 'Germany'],
      ['Lea', '030 1234567', ''],
    ];
    expect(checkPhoneCountries(rows, { name: 0, phone: 1, country: 2 }, 'IE')).toMatchObject({
      numbers: 2,
      foreign: 1,
    });
  });
  it('reads an Outlook export from a European office against an Irish business', () => {
    const csv = buildOutlookCsv(OUTLOOK_PEOPLE)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split('\r\n');
    const split = (line: string) => line.slice(1, -1).split('";"');
    const mapping = suggestMapping(split(header!));
    const check = checkPhoneCountries(lines.map(split), mapping, 'IE');
    // Every number but Marie's is national and read in its row's Business Country/Region; hers
    // is French by its +33 and has no country in the row.
    expect(check).toMatchObject({ foreign: 1, countries: ['FR'] });
    const withoutCountry = { ...mapping, country: undefined };
    // Without the column, half of the ten national numbers cannot be Irish and are counted (the
    // other half happen to be valid Irish numbers too: only a country column tells them apart).
    expect(checkPhoneCountries(lines.map(split), withoutCountry, 'IE')).toMatchObject({
      numbers: 10,
      foreign: 5,
    });
  });
});
