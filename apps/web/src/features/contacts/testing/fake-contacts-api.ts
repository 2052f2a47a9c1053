import type { ContactImport, ContactImportUpload } from '@switchboard/shared/contact-imports';
import type { Contact, ContactInput } from '@switchboard/shared/contacts';
import { buildPaginationMeta } from '@switchboard/shared/pagination';
import type { SessionUser } from '@switchboard/shared/auth';
import { buildSessionUser, jsonResponse, stubApi, type ApiRequest } from '../../../test/fake-api';

export function buildContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 'contact-1',
    name: 'Ann Murphy',
    phone: '+353871234567',
    email: 'ann@example.com',
    company: 'Murphy Dental',
    notes: null,
    source: 'manual',
    importId: null,
    createdAt: '2026-03-05T14:07:00.000Z',
    updatedAt: '2026-03-05T14:07:00.000Z',
    ...overrides,
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
    error: null,
    createdAt: '2026-03-06T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    undoneAt: null,
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
    },
  };
}

type Handler = (request: ApiRequest) => Response | Promise<Response>;

type FakeContactsApiOptions = {
  contacts?: Contact[];
  imports?: ContactImport[];
  session?: SessionUser;
  handlers?: Record<string, Handler>;
};

/**
 * A fake of the contacts API: lists pages and searches names the way the server does, and
 * remembers contacts added. Import endpoints answer only what a test gives them (handlers).
 */
export function stubContactsApi({
  contacts: initial = buildContacts(3),
  imports = [],
  session = buildSessionUser(),
  handlers = {},
}: FakeContactsApiOptions = {}) {
  const contacts = initial.map((contact) => ({ ...contact }));
  const api = stubApi(
    {
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
