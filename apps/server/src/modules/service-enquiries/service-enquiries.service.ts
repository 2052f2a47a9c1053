import { formatDateTime } from '@switchboard/shared/format';
import {
  buildPaginationMeta,
  pageOffset,
  type PaginationQuery,
} from '@switchboard/shared/pagination';
import {
  SERVICE_ENQUIRY_STATUSES,
  type ServiceEnquiryInput,
  type ServiceEnquiryList,
  type ServiceEnquiryRecord,
} from '@switchboard/shared/service-enquiries';
import type { Db } from '../../db/client';
import type { Mailer } from '../auth/auth.service';
import {
  insertServiceEnquiry,
  listServiceEnquiries,
  type ServiceEnquiryRow,
} from './service-enquiries.repository';
import { listAdminEmails } from '../auth/users.repository';
import { raiseServiceEnquiry } from '../notifications/events';

function toRecord(row: ServiceEnquiryRow): ServiceEnquiryRecord {
  const status = (SERVICE_ENQUIRY_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as ServiceEnquiryRecord['status'])
    : 'new';
  return {
    id: row.id,
    poc: row.poc,
    businessName: row.businessName,
    country: row.country,
    website: row.website,
    email: row.email,
    phone: row.phone,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The operators' notice of a new enquiry (plain text, like every mail we send). */
export function serviceEnquiryMail(row: ServiceEnquiryRow, adminUrl: string | undefined) {
  const lines = [
    `${row.poc} of ${row.businessName} (${row.country}) asked about Switchboard.`,
    '',
    `Website: ${row.website}`,
    `Email: ${row.email ?? '(not given)'}`,
    `Phone: ${row.phone ?? '(not given)'}`,
    `Received: ${formatDateTime(row.createdAt, 'UTC')} UTC`,
  ];
  if (adminUrl) lines.push('', `Every enquiry: ${adminUrl}`);
  return { subject: `New service enquiry: ${row.businessName}`, text: lines.join('\n') };
}

/**
 * The landing page's service enquiries: a prospect sends one (stored with a notice to every
 * operator in the same transaction), operators list them.
 */
export class ServiceEnquiriesService {
  constructor(
    private readonly deps: {
      db: Db;
      mail: Mailer;
      /** Where links in mail point (lib/public-base-url.ts). */
      publicBaseUrl: () => string;
    },
  ) {}

  async submit(input: ServiceEnquiryInput): Promise<ServiceEnquiryRecord> {
    const adminUrl = `${this.deps.publicBaseUrl()}/admin/service-enquiries`;
    return this.deps.db.transaction(async (tx) => {
      const row = await insertServiceEnquiry(tx, {
        poc: input.poc,
        businessName: input.businessName,
        country: input.country,
        website: input.website,
        email: input.email?.toLowerCase() ?? null,
        phone: input.phone ?? null,
      });
      const mail = serviceEnquiryMail(row, adminUrl);
      for (const to of await listAdminEmails(tx)) {
        await this.deps.mail.enqueue({ to, kind: 'service-enquiry', ...mail }, tx);
      }
      await raiseServiceEnquiry(tx, {
        businessName: input.businessName,
        pointOfContact: input.poc,
        country: input.country,
      });
      return toRecord(row);
    });
  }

  async list(query: PaginationQuery): Promise<ServiceEnquiryList> {
    const { rows, total } = await listServiceEnquiries(this.deps.db, {
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    return { data: rows.map(toRecord), meta: buildPaginationMeta(total, query.page, query.limit) };
  }
}
