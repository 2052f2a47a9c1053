import type { SessionUser } from '@switchboard/shared/auth';
import type {
  EmailLog,
  Enquiry,
  EnquiryPriority,
  EnquiryStatus,
  EnquiryThreadItem,
} from '@switchboard/shared/enquiries';
import { buildPaginationMeta } from '@switchboard/shared/pagination';
import { buildSessionUser, jsonResponse, stubApi, type ApiRequest } from '../../../test/fake-api';
import { buildAgent } from '../../../test/fake-agents-api';

export function buildEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    id: 'enquiry-1',
    contactId: 'contact-1',
    contactName: 'Ann Murphy',
    contactEmail: 'ann@example.com',
    contactPhone: '+353871234567',
    agentId: 'agent-1',
    agentName: 'Front desk',
    callId: null,
    subject: 'Insurance question',
    message: 'Is a crown covered?\n<b>not bold</b>',
    status: 'open',
    isRead: false,
    readAt: null,
    source: 'call',
    priority: 'normal',
    isTest: false,
    replyCount: 0,
    inboundCount: 0,
    replyTo: 'reply+0123456789abcdef0123456789abcdef@in.example.com',
    createdAt: '2026-03-05T14:07:00.000Z',
    updatedAt: '2026-03-05T14:07:00.000Z',
    ...overrides,
  };
}

export function buildEmailLog(overrides: Partial<EmailLog> = {}): EmailLog {
  return {
    id: 'log-1',
    enquiryId: 'enquiry-1',
    toAddress: 'ann@example.com',
    subject: 'Re: Insurance question',
    body: 'Hello Ann',
    status: 'sent',
    attempts: 1,
    lastError: null,
    messageId: '<m1@switchboard.local>',
    sentAt: '2026-03-05T15:00:00.000Z',
    sentBy: 'demo@brightsmile.example',
    createdAt: '2026-03-05T14:59:00.000Z',
    updatedAt: '2026-03-05T15:00:00.000Z',
    ...overrides,
  };
}

type Handler = (request: ApiRequest) => Response | Promise<Response>;

/**
 * A fake of the enquiries API over a list held in memory: lists (per contact and agent, and the
 * inbox with its filters), status and read changes, email logs; plus the agent the screens sit
 * under. `handlers` override any endpoint (to answer an error, say).
 */
export function stubEnquiriesApi({
  enquiries: initial = [buildEnquiry()],
  logs: initialLogs = [],
  session = buildSessionUser(),
  handlers = {},
  thread = [],
}: {
  enquiries?: Enquiry[];
  logs?: EmailLog[];
  /** The conversation every enquiry's thread answers. */
  thread?: EnquiryThreadItem[];
  session?: SessionUser;
  handlers?: Record<string, Handler>;
} = {}) {
  const enquiries = initial.map((enquiry) => ({ ...enquiry }));
  const logs = initialLogs.map((log) => ({ ...log }));
  const page = (rows: Enquiry[], search: URLSearchParams) => {
    const pageNumber = Number(search.get('page') ?? 1);
    const limit = Number(search.get('limit') ?? 20);
    return jsonResponse({
      data: rows.slice((pageNumber - 1) * limit, pageNumber * limit),
      meta: buildPaginationMeta(rows.length, pageNumber, limit),
      timeZone: 'Europe/Dublin',
    });
  };
  const change = (path: string, update: (enquiry: Enquiry) => void) => {
    const id = path.split('/')[4];
    const enquiry = enquiries.find((candidate) => candidate.id === id);
    if (!enquiry)
      return jsonResponse(
        { error: { code: 'NOT_FOUND', message: 'Enquiry not found' }, requestId: 'test' },
        { status: 404 },
      );
    update(enquiry);
    return jsonResponse(enquiry);
  };
  const api = stubApi(
    {
      'GET /api/agents/agent-1': () =>
        jsonResponse(buildAgent({ id: 'agent-1', name: 'Front desk' })),
      'GET /api/agents': () =>
        jsonResponse({ data: [buildAgent({ id: 'agent-1', name: 'Front desk' })] }),
      'GET /api/contacts/contact-1/enquiries': ({ search }) =>
        page(
          enquiries.filter(
            (enquiry) =>
              enquiry.contactId === 'contact-1' &&
              (!search.get('agentId') || enquiry.agentId === search.get('agentId')),
          ),
          search,
        ),
      'GET /api/enquiries': ({ search }) =>
        page(
          enquiries.filter(
            (enquiry) =>
              (!search.get('status') || enquiry.status === search.get('status')) &&
              (search.get('unread') !== 'true' || !enquiry.isRead) &&
              (!search.get('agentId') || enquiry.agentId === search.get('agentId')) &&
              (!search.get('priority') || enquiry.priority === search.get('priority')) &&
              (search.get('test') !== 'only' || enquiry.isTest) &&
              (search.get('test') !== 'exclude' || !enquiry.isTest) &&
              (!search.get('q') ||
                enquiry.subject.toLowerCase().includes(search.get('q')!.toLowerCase())),
          ),
          search,
        ),
      'GET /api/enquiries/unread-counts': () =>
        jsonResponse({
          total: enquiries.filter((enquiry) => !enquiry.isRead).length,
          byAgent: [],
        }),
      'GET /api/email-logs/enquiry/enquiry-1': ({ search }) => {
        const pageNumber = Number(search.get('page') ?? 1);
        const limit = Number(search.get('limit') ?? 20);
        return jsonResponse({
          data: logs,
          meta: buildPaginationMeta(logs.length, pageNumber, limit),
          timeZone: 'Europe/Dublin',
          enquiry: { id: 'enquiry-1', subject: 'Insurance question', contactId: 'contact-1' },
        });
      },
      ...Object.fromEntries(
        enquiries.flatMap((enquiry) => [
          [
            `PATCH /api/contacts/enquiries/${enquiry.id}/mark-read`,
            ({ path }: ApiRequest) =>
              change(path, (row) => {
                row.isRead = true;
              }),
          ],
          [
            `PATCH /api/contacts/enquiries/${enquiry.id}/mark-unread`,
            ({ path }: ApiRequest) =>
              change(path, (row) => {
                row.isRead = false;
              }),
          ],
          [
            `GET /api/enquiries/${enquiry.id}/thread`,
            () =>
              jsonResponse({
                enquiry: enquiries.find((row) => row.id === enquiry.id),
                timeZone: 'Europe/Dublin',
                items: thread,
              }),
          ],
          [
            `PATCH /api/contacts/enquiries/${enquiry.id}/priority`,
            ({ path, body }: ApiRequest) =>
              change(path, (row) => {
                row.priority = (body as { priority: EnquiryPriority }).priority;
              }),
          ],
          [
            `PATCH /api/contacts/enquiries/${enquiry.id}/status`,
            ({ path, body }: ApiRequest) =>
              change(path, (row) => {
                row.status = (body as { status: EnquiryStatus }).status;
                row.isRead = true;
              }),
          ],
        ]),
      ),
      ...handlers,
    },
    { session },
  );
  return { ...api, enquiries, logs };
}
