import { describe, expect, it } from 'vitest';
import {
  DuplicateTracker,
  toContactRow,
  type ContactRow,
  extraFieldsOf,
  variableNameOf,
} from './rows';

const mapping = { name: 0, phone: 1, email: 2, company: 3, notes: 4 };

const contact = (overrides: Partial<ContactRow> = {}): ContactRow => ({
  name: 'Ann Smith',
  phone: '+353871234567',
  email: 'ann@example.ie',
  company: null,
  notes: null,
  country: 'IE',
  otherPhones: [],
  otherEmails: [],
  ...overrides,
});

describe('toContactRow', () => {
  it('trims, normalises the phone to E.164 and lower-cases the email', () => {
    expect(
      toContactRow(
        ['  Ann   Smith ', ' 087 123 4567 ', ' Ann@Example.IE ', ' Acme ', ''],
        mapping,
        'IE',
      ),
    ).toEqual({ ok: true, contact: contact({ company: 'Acme' }), warnings: [] });
  });

  it('keeps a row with one good way to reach the person, leaving the bad value out', () => {
    expect(toContactRow(['Ann Smith', '12345', 'ann@example.ie'], mapping, 'IE')).toEqual({
      ok: true,
      // No number to tell the country by, and no country column: not known.
      contact: contact({ phone: null, country: null }),
      warnings: ['Invalid phone number: 12345 (The phone number is too short)'],
    });
    expect(toContactRow(['Ann Smith', '0871234567', 'ann@'], mapping, 'IE')).toEqual({
      ok: true,
      contact: contact({ email: null }),
      warnings: ['Invalid email address: ann@'],
    });
  });

  it('fails a row whose phone and email are both bad, naming both', () => {
    expect(toContactRow(['Ann', '12', 'ann@'], mapping, 'IE')).toEqual({
      ok: false,
      reason:
        'Invalid phone number: 12 (The phone number is too short); Invalid email address: ann@',
    });
  });

  it("splits multi-value cells: the first value is the contact's, the rest are its others", () => {
    expect(
      toContactRow(
        ['Ann Smith', '212-555-1000 ::: (646) 555-0199', 'ann@example.ie ::: ann@work.example'],
        mapping,
        'US',
      ),
    ).toEqual({
      ok: true,
      contact: contact({
        phone: '+12125551000',
        country: 'US',
        otherPhones: ['+16465550199'],
        otherEmails: ['ann@work.example'],
      }),
      warnings: [],
    });
  });

  it("takes the phone from the first column in the mapping's order and keeps the others", () => {
    const result = toContactRow(
      ['Ann', '030 1234567', '0151 23456789', '', 'Met at fair'],
      { name: 0, phone: 2, phone2: 1, phone3: 3, notes: 4 },
      'DE',
    );
    expect(result).toEqual({
      ok: true,
      contact: contact({
        name: 'Ann',
        phone: '+4915123456789',
        email: null,
        notes: 'Met at fair',
        country: 'DE',
        otherPhones: ['+49301234567'],
      }),
      warnings: [],
    });
  });

  it('keeps a prefix at the start of the name, once', () => {
    const prefixed = { prefix: 0, firstName: 1, lastName: 2, phone: 3 };
    expect(toContactRow(['Dr.', 'Jane', 'Smith', '+353871234567'], prefixed, 'IE')).toMatchObject({
      contact: { name: 'Dr. Jane Smith' },
    });
    // Google's "Name" already starts with it ("Dr Jane Smith" beside "Dr."): not twice.
    expect(
      toContactRow(
        ['Dr.', 'Dr Jane Smith', '+353871234567'],
        { prefix: 0, name: 1, phone: 2 },
        'IE',
      ),
    ).toMatchObject({ contact: { name: 'Dr Jane Smith' } });
    expect(toContactRow(['', 'Jane', 'Smith', '+353871234567'], prefixed, 'IE')).toMatchObject({
      contact: { name: 'Jane Smith' },
    });
    // A prefix and no name: no name ("Mrs." alone says nobody).
    expect(toContactRow(['Mrs.', '', '', '+353871234567'], prefixed, 'IE')).toMatchObject({
      contact: { name: '' },
    });
  });

  it('flips "Last, First" names only when asked', () => {
    const row = ['Smith, Jane', '+353871234567'];
    const byName = { name: 0, phone: 1 };
    expect(toContactRow(row, byName, 'IE', 2, { flipNames: true })).toMatchObject({
      contact: { name: 'Jane Smith' },
    });
    expect(toContactRow(row, byName, 'IE', 2)).toMatchObject({ contact: { name: 'Smith, Jane' } });
    // Two commas is not "Last, First": kept as written.
    expect(
      toContactRow(['Smith, Jones & Co, Ltd', '+353871234567'], byName, 'IE', 2, {
        flipNames: true,
      }),
    ).toMatchObject({ contact: { name: 'Smith, Jones & Co, Ltd' } });
    expect(
      toContactRow(
        ['Dr.', 'Smith, Jane', '+353871234567'],
        { prefix: 0, name: 1, phone: 2 },
        'IE',
        3,
        {
          flipNames: true,
        },
      ),
    ).toMatchObject({ contact: { name: 'Dr. Jane Smith' } });
  });

  it("gives each row a country: its country column's, else its number's, else none", () => {
    const withCountry = { name: 0, phone: 1, email: 2, country: 3 };
    expect(toContactRow(['Ann', '0151 23456789', '', 'Germany'], withCountry, 'IE')).toMatchObject({
      contact: { phone: '+4915123456789', country: 'DE' },
    });
    expect(toContactRow(['Ann', '+44 20 7946 0958', '', ''], withCountry, 'IE')).toMatchObject({
      contact: { country: 'GB' },
    });
    expect(toContactRow(['Ann', '087 123 4567', '', 'Atlantis'], withCountry, 'IE')).toMatchObject({
      contact: { phone: '+353871234567', country: 'IE' },
    });
    expect(toContactRow(['Ann', '', 'ann@example.ie', ''], withCountry, 'IE')).toMatchObject({
      contact: { country: null },
    });
  });

  it('reads national numbers in the given country', () => {
    expect(toContactRow(['Ann', '01 23 45 67 89'], mapping, 'FR')).toMatchObject({
      ok: true,
      contact: { phone: '+33123456789' },
    });
  });

  it('skips a totals row at the end of a sheet rather than failing it', () => {
    expect(toContactRow(['Total', '', '', '42'], mapping, 'IE')).toEqual({ ok: 'skip' });
    expect(toContactRow(['Ann', '', '', 'Acme'], mapping, 'IE')).toEqual({
      ok: false,
      reason: 'No phone number or email address',
    });
  });

  it('builds the name from first and last name', () => {
    const result = toContactRow(
      ['Ann', 'Smith', '+44 20 7946 0958'],
      { firstName: 0, lastName: 1, phone: 2 },
      'IE',
    );
    expect(result).toMatchObject({
      ok: true,
      contact: { name: 'Ann Smith', phone: '+442079460958' },
    });
  });

  it('reads a phone stored without its "+" by a spreadsheet', () => {
    expect(toContactRow(['Ann', '353871234567'], mapping, 'US')).toMatchObject({
      ok: true,
      contact: { phone: '+353871234567' },
    });
  });

  it.each([
    [['Ann', '12345', ''], 'Invalid phone number: 12345 (The phone number is too short)'],
    [['Ann', '', 'ann@'], 'Invalid email address: ann@'],
    [['Ann', '', '', 'Acme'], 'No phone number or email address'],
    [['Ann', '=SUM(A1)', ''], 'Invalid phone number: =SUM(A1) (Not a phone number)'],
  ])('fails %j: %s', (cells, reason) => {
    expect(toContactRow(cells, mapping, 'IE')).toEqual({ ok: false, reason });
  });

  it('skips a row whose cells are all blank', () => {
    expect(toContactRow(['', '  ', ''], mapping, 'IE')).toEqual({ ok: 'skip' });
    expect(toContactRow([], mapping, 'IE')).toEqual({ ok: 'skip' });
  });

  it('keeps formula-looking text as text', () => {
    const result = toContactRow(
      ['=HYPERLINK("http://x")', '0871234567', '', '', '=1+1'],
      mapping,
      'IE',
    );
    expect(result).toMatchObject({
      ok: true,
      contact: { name: '=HYPERLINK("http://x")', notes: '=1+1' },
    });
  });

  it('fails a row with values beyond the header, but not one that is short', () => {
    const tooLong = toContactRow(
      ['Ann', '0871234567', 'a@x.ie', 'Acme', 'n', 'x'],
      mapping,
      'IE',
      5,
    );
    expect(tooLong.ok).toBe(false);
    expect(tooLong.ok === false && tooLong.reason).toMatch(/6 values but the header has 5 columns/);
    expect(
      toContactRow(['Ann', '0871234567', 'a@x.ie', 'Acme', 'n', ''], mapping, 'IE', 5).ok,
    ).toBe(true);
    expect(toContactRow(['Ann', '0871234567'], mapping, 'IE', 5).ok).toBe(true);
  });
});

describe('DuplicateTracker', () => {
  it('merges a later row with the same phone, filling only blank fields', () => {
    const tracker = new DuplicateTracker();
    expect(tracker.add(contact({ email: null, company: 'Acme' }), 2)).toMatchObject({
      merged: false,
      index: 0,
    });
    const result = tracker.add(
      contact({ name: 'A. Smith', email: 'ann@example.ie', company: 'Other', notes: 'VIP' }),
      5,
    );
    expect(result).toEqual({
      merged: true,
      index: 0,
      intoLine: 2,
      contact: contact({ company: 'Acme', notes: 'VIP' }),
      ignored: ['name', 'company'],
    });
    expect(tracker.contacts()).toEqual([contact({ company: 'Acme', notes: 'VIP' })]);
  });

  it('merges a later row with the same email, and learns the phone it filled in', () => {
    const tracker = new DuplicateTracker();
    tracker.add(contact({ phone: null }), 2);
    expect(tracker.add(contact({ name: '' }), 3)).toMatchObject({ merged: true, intoLine: 2 });
    expect(tracker.add(contact({ email: null, name: 'Third' }), 4)).toMatchObject({
      merged: true,
      intoLine: 2,
    });
    expect(tracker.contacts()).toHaveLength(1);
  });

  it('keeps different people apart and joins a row matching two people to the first', () => {
    const tracker = new DuplicateTracker();
    tracker.add(contact({ phone: '+353871111111', email: 'a@x.ie' }), 2);
    tracker.add(contact({ phone: '+353872222222', email: 'b@x.ie' }), 3);
    expect(tracker.add(contact({ phone: '+353872222222', email: 'a@x.ie' }), 4)).toMatchObject({
      merged: true,
      index: 0,
      // A second number is one of the person's others, not a value dropped.
      ignored: [],
      contact: { phone: '+353871111111', otherPhones: ['+353872222222'] },
    });
    expect(tracker.contacts().map((c) => c.email)).toEqual(['a@x.ie', 'b@x.ie']);
  });
});

describe('extraFieldsOf (a campaign’s variables, decision 065)', () => {
  it('keeps the unmapped columns by a variable name, leaves blanks and mapped columns out', () => {
    const headers = ['Name', 'Phone', 'Last visit', 'Dentist', 'Notes', '2nd', 'Préférence'];
    const cells = ['Ann', '+353871234567', '2 March', '  Dr Byrne ', '', 'x', 'matin'];
    expect(extraFieldsOf(headers, cells, { name: 0, phone: 1 })).toEqual({
      last_visit: '2 March',
      dentist: 'Dr Byrne',
      preference: 'matin',
    });
    expect(extraFieldsOf(headers, cells, { name: 0, phone: 1, notes: 2, company: 3 })).toEqual({
      preference: 'matin',
    });
    expect(extraFieldsOf(['Name', 'Phone'], ['Ann', '+353871234567'], { name: 0, phone: 1 })).toBe(
      null,
    );
    expect(variableNameOf('First name')).toBe('first_name');
    expect(variableNameOf('123')).toBeUndefined();
  });
});
