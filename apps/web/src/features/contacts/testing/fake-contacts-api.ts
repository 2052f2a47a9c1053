import type { ContactImport, ContactImportUpload } from '@switchboard/shared/contact-imports';
import type { Contact, ContactDetail, ContactInput } from '@switchboard/shared/contacts';
import { buildPaginationMeta } from '@switchboard/shared/pagination';
import type { SessionUser } from '@switchboard/shared/auth';
import {
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
  type ApiRequest,
} from '../../../test/fake-api';

export function buildContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 'contact-1',
    name: 'Ann Murphy',
    phone: '+353871234567',
    email: 'ann@example.com',
    company: 'Murphy Dental',
    notes: null,
    otherPhones: [],
    otherEmails: [],
    country: 'IE',
    source: 'manual',
    importId: null,
    isTest: false,
    doNotCall: false,
    createdAt: '2026-03-05T14:07:00.000Z',
    updatedAt: '2026-03-05T14:07:00.000Z',
    ...overrides,
  };
}

/** A contact's page data: no calls, enquiries or appointments unless given. */
export function buildContactDetail(
  contact: Contact = buildContact(),
  overrides: Partial<ContactDetail> = {},
): ContactDetail {
  const detail = {
    ...contact,
    timeZone: 'Europe/Dublin',
    calls: [],
    enquiries: [],
    appointments: [],
    ...overrides,
  };
  return {
    ...detail,
    counts: overrides.counts ?? {
      calls: detail.calls.length,
      enquiries: detail.enquiries.length,
      appointments: detail.appointments.length,
    },
  };
}

/** `count` contacts, "Contact 1" first (newest first, as the server lists them). */
export function buildContacts(count: number): Contact[] {
  return Array.from({ length: count }, (_, index) =>
    buildContact({
      id: `contact-${index + 1}`,
      name: `Contact ${index + 1}`,
      phone: `+3538700000${String(index).padStart(2, '0')}`,
      email: null,
      source: index % 3 === 0 ? 'call' : index % 3 === 1 ? 'import' : 'manual',
    }),
  );
}

export function buildContactImport(overrides: Partial<ContactImport> = {}): ContactImport {
  return {
    id: 'import-1',
    fileName: 'patients.csv',
    fileType: 'csv',
    fileSize: 2048,
    status: 'uploaded',
    mapping: null,
    totalRows: 10,
    processedRows: 0,
    createdCount: 0,
    updatedCount: 0,
    skippedCount: 0,
    failedCount: 0,
    warningCount: 0,
    mergedCount: 0,
    country: null,
    options: { flipNames: false, onMatch: 'update' },
    secondsLeft: null,
    error: null,
    createdAt: '2026-03-06T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    undoneAt: null,
    undoKeptCount: null,
    ...overrides,
  };
}

/** What POST /api/contacts/import answers for a small CSV: a name, phone and email column. */
export function buildUpload(overrides: Partial<ContactImport> = {}): ContactImportUpload {
  return {
    import: buildContactImport(overrides),
    preview: {
      headers: ['Full name', 'Mobile', 'E-mail', 'Clinic'],
      sample: [
        ['Ann Murphy', '087 123 4567', 'ann@example.com', 'Murphy Dental'],
        ['Brian Kelly', '086 765 4321', '', ''],
      ],
      suggestedMapping: { name: 0, phone: 1, email: 2 },
      mappingRemembered: false,
      defaultCountry: 'IE',
      suggestedOptions: { flipNames: false, onMatch: 'update' },
      phoneCheck: { rows: 2, numbers: 2, foreign: 0, countries: [] },
    },
  };
}

type Handler = (request: ApiRequest) => Response | Promise<Response>;

type FakeContactsApiOptions = {
  contacts?: Contact[];
  /** Contact pages by id; a listed contact without one has an empty page. */
  details?: Record<string, ContactDetail>;
  imports?: ContactImport[];
  session?: SessionUser;
  handlers?: Record<string, Handler>;
};

/**
 * A fake of the contacts API: lists pages and searches names the way the server does, and
 * remembers contacts added, edited and deleted; each listed contact has its page (GET), edit
 * (PATCH) and delete (DELETE). Import endpoints answer only what a test gives them (handlers).
 */
export function stubContactsApi({
  contacts: initial = buildContacts(3),
  details = {},
  imports = [],
  session = buildSessionUser(),
  handlers = {},
}: FakeContactsApiOptions = {}) {
  const contacts = initial.map((contact) => ({ ...contact }));
  const perContact: Record<string, Handler> = {};
  for (const { id } of initial) {
    const path = `/api/contacts/${id}`;
    const find = () => contacts.find((contact) => contact.id === id);
    const gone = () => errorResponse(404, 'NOT_FOUND', 'Contact not found');
    perContact[`GET ${path}`] = () => {
      const contact = find();
      if (!contact) return gone();
      return jsonResponse({ ...buildContactDetail(contact, details[id]), ...contact });
    };
    perContact[`PATCH ${path}`] = ({ body }) => {
      const contact = find();
      if (!contact) return gone();
      const input = body as ContactInput;
      Object.assign(contact, {
        name: input.name,
        phone: input.phone ?? null,
        email: input.email || null,
        company: input.company ?? null,
        notes: input.notes ?? null,
        otherPhones: input.otherPhones ?? contact.otherPhones,
        otherEmails: input.otherEmails ?? contact.otherEmails,
        country: input.country === undefined ? contact.country : input.country || null,
      });
      return jsonResponse(contact);
    };
    perContact[`DELETE ${path}`] = () => {
      const index = contacts.findIndex((contact) => contact.id === id);
      if (index < 0) return gone();
      contacts.splice(index, 1);
      return new Response(null, { status: 204 });
    };
  }
  const api = stubApi(
    {
      ...perContact,
      'GET /api/contacts': ({ search }) => {
        const page = Number(search.get('page') ?? 1);
        const limit = Number(search.get('limit') ?? 20);
        const text = (search.get('search') ?? '').toLowerCase();
        const matching = contacts.filter((contact) => contact.name.toLowerCase().includes(text));
        return jsonResponse({
          data: matching.slice((page - 1) * limit, page * limit),
          meta: buildPaginationMeta(matching.length, page, limit),
        });
      },
      'POST /api/contacts': ({ body }) => {
        const input = body as ContactInput;
        const created = buildContact({
          id: 'contact-new',
          name: input.name,
          phone: input.phone ?? null,
          email: input.email || null,
        });
        contacts.unshift(created);
        return jsonResponse(created, { status: 201 });
      },
      'GET /api/contacts/imports': () =>
        jsonResponse({ data: imports, meta: buildPaginationMeta(imports.length, 1, 10) }),
      ...handlers,
    },
    { session },
  );
  return { ...api, contacts };
}
