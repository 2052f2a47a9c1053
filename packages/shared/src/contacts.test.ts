import { describe, expect, it } from 'vitest';
import {
  CONTACTS_PAGE_SIZE,
  contactDetailSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactMessages,
  contactSearchTerms,
  contactsErrorMessage,
} from './contacts';

describe('contactsErrorMessage', () => {
  it.each<[string | null | undefined, string]>([
    [undefined, 'Failed to fetch contacts'],
    [null, 'Failed to fetch contacts'],
    ['', 'Failed to fetch contacts'],
    ['   ', 'Failed to fetch contacts'],
    ['Internal Server Error', 'Failed to fetch contacts: Internal Server Error'],
    [' Network error ', 'Failed to fetch contacts: Network error'],
  ])('%j → %j', (reason, expected) => {
    expect(contactsErrorMessage(reason)).toBe(expected);
  });
});

describe('contactListQuerySchema', () => {
  it('starts at the seed’s page 1, limit 20', () => {
    expect(CONTACTS_PAGE_SIZE).toBe(20);
    expect(contactListQuerySchema.parse({})).toEqual({ page: 1, limit: 20, test: 'include' });
  });

  it('trims the search and bounds it', () => {
    expect(contactListQuerySchema.parse({ search: '  ann ', page: '2' })).toEqual({
      page: 2,
      limit: 20,
      search: 'ann',
      test: 'include',
    });
    const long = contactListQuerySchema.safeParse({ search: 'x'.repeat(201) });
    expect(long.error?.issues[0]?.message).toBe('Search at most 200 characters');
  });
});

describe('contactSearchTerms', () => {
  it.each<[string, { text: string; digits: string[] }]>([
    ['Ann', { text: 'Ann', digits: [] }],
    ['  ann@x.ie ', { text: 'ann@x.ie', digits: [] }],
    ['12', { text: '12', digits: [] }], // fewer than three digits: text only
    ['123', { text: '123', digits: ['123'] }],
    ['+353 87-123', { text: '+353 87-123', digits: ['35387123'] }],
    ['087 123', { text: '087 123', digits: ['087123', '87123'] }], // national: trunk 0 dropped
    ['00353 87', { text: '00353 87', digits: ['0035387', '35387'] }],
    ['007', { text: '007', digits: ['007'] }], // what is left without zeros is too short
    ['', { text: '', digits: [] }],
  ])('%j → %j', (search, expected) => {
    expect(contactSearchTerms(search)).toEqual(expected);
  });
});

describe('contactInputSchema', () => {
  const issues = (value: unknown) =>
    contactInputSchema
      .safeParse(value)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it.each<[string, unknown, [string, string][]]>([
    ['no name', { phone: '087 123 4567' }, [['name', 'Name is required']]],
    ['a blank name', { name: '   ', email: 'a@b.ie' }, [['name', 'Name is required']]],
    [
      'a name too long',
      { name: 'x'.repeat(201), email: 'a@b.ie' },
      [['name', 'Name must be at most 200 characters']],
    ],
    [
      'neither phone nor email',
      { name: 'Ann' },
      [['phone', 'Enter a phone number or an email address']],
    ],
    [
      'blank phone and email',
      { name: 'Ann', phone: ' ', email: '', company: null },
      [['phone', 'Enter a phone number or an email address']],
    ],
    [
      'a bad email',
      { name: 'Ann', email: 'ann@' },
      [['email', 'Please enter a valid email address']],
    ],
    [
      'everything wrong at once',
      { name: '' },
      [
        ['name', 'Name is required'],
        ['phone', 'Enter a phone number or an email address'],
      ],
    ],
  ])('refuses %s', (_case, value, expected) => {
    expect(issues(value)).toEqual(expected);
  });

  it('takes a phone or an email, trimmed; the phone is checked by the server', () => {
    expect(contactInputSchema.parse({ name: ' Ann ', phone: ' 087 123 4567 ' })).toEqual({
      name: 'Ann',
      phone: '087 123 4567',
    });
    expect(
      contactInputSchema.parse({
        name: 'Ann',
        email: ' Ann@Example.IE ',
        company: ' Acme ',
        notes: 'Prefers mornings',
      }),
    ).toEqual({
      name: 'Ann',
      email: 'Ann@Example.IE',
      company: 'Acme',
      notes: 'Prefers mornings',
    });
  });

  it('uses the messages it documents', () => {
    expect(contactMessages.phoneInvalid).toBe('Please enter a valid phone number');
    expect(contactMessages.phoneTaken).toBe('A contact with this phone number already exists');
    expect(contactMessages.emailTaken).toBe('A contact with this email address already exists');
  });
});

describe('contactDetailSchema', () => {
  it('carries the contact, its calls, enquiries, appointments and their counts', () => {
    const detail = {
      id: '5f0c1d5e-4a8e-4b8f-9d3a-0c5d7e1f2a3b',
      name: 'Ann',
      phone: '+353871234567',
      email: null,
      company: null,
      notes: null,
      otherPhones: ['+442079460958'],
      otherEmails: [],
      country: 'IE',
      source: 'manual',
      importId: null,
      isTest: false,
      doNotCall: false,
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
      calls: [],
      timeZone: 'Europe/Dublin',
      enquiries: [
        {
          id: 'e1',
          subject: 'Crown cover',
          status: 'open',
          isRead: false,
          assistantId: 'asst-1',
          agentName: 'Receptionist',
          callId: 'call-1',
          createdAt: '2026-03-10T12:05:00.000Z',
        },
      ],
      appointments: [
        {
          id: 'a1',
          service: 'Cleaning',
          startsAt: '2026-03-12T09:30:00.000Z',
          endsAt: '2026-03-12T10:00:00.000Z',
          status: 'scheduled',
          assistantId: null,
          agentName: null,
          callId: null,
        },
      ],
      counts: { calls: 0, enquiries: 1, appointments: 1 },
    };
    expect(contactDetailSchema.parse(detail)).toEqual(detail);
    expect(contactDetailSchema.safeParse({ ...detail, source: 'web' }).success).toBe(false);
    const { counts: _counts, ...withoutCounts } = detail;
    expect(contactDetailSchema.safeParse(withoutCounts).success).toBe(false);
  });
});
