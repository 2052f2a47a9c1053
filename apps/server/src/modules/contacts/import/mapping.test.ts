import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES, importMappingSchema } from '@switchboard/shared/contact-imports';
import { suggestMapping } from './mapping';

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
      { name: 0, phone: 3, email: 2 },
    ],
    ['nothing recognisable', ['foo', 'bar'], {}],
  ])('%s', (_label, headers, expected) => {
    expect(suggestMapping(headers)).toEqual(expected);
  });

  it('gives a field the first matching column and uses a column once', () => {
    expect(suggestMapping(['Phone', 'Mobile', 'Name'])).toEqual({ phone: 0, name: 2 });
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
