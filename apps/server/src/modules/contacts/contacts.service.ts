import {
  CONTACT_SOURCES,
  contactMessages,
  contactSearchTerms,
  type Contact,
  type ContactDetail,
  type ContactInput,
  type ContactList,
  type ContactListQuery,
  type ContactSource,
} from '@switchboard/shared/contacts';
import type { ErrorCode, FieldIssue } from '@switchboard/shared/errors';
import { buildPaginationMeta, pageOffset } from '@switchboard/shared/pagination';
import type { Db } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { toCallLogRow } from '../calls/calls.service';
import {
  contactCallDigits,
  countContactCalls,
  deleteContact,
  findContact,
  findTakenFields,
  insertContact,
  listContactAppointments,
  listContactCalls,
  listContactEnquiries,
  listContacts,
  setContactDoNotCall,
  updateContact,
  type ContactFields,
  type ContactRecord,
} from './contacts.repository';
import { normalizePhone, phoneRegionOf } from './phone';
import { unionOthers } from './import/rows';

/** The business a request works for, from the signed-in member's session. */
export type ContactBusiness = { id: string; country: string; timezone: string };

const contactNotFound = () => new AppError('NOT_FOUND', contactMessages.notFound);

/** A refusal shaped like a validation failure, so the form puts each message on its field. */
function fieldError(code: ErrorCode, issues: FieldIssue[]): AppError {
  return new AppError(code, issues[0]?.message ?? 'Invalid request', { issues });
}

const isSource = (value: string): value is ContactSource =>
  (CONTACT_SOURCES as readonly string[]).includes(value);

export function toContact(row: ContactRecord): Contact {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    notes: row.notes,
    otherPhones: row.otherPhones,
    otherEmails: row.otherEmails,
    country: row.country,
    source: isSource(row.source) ? row.source : 'manual',
    importId: row.importId,
    isTest: row.isTest,
    doNotCall: row.doNotCall,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * A business's contacts: the list with search, one contact with its calls, and the form's
 * add, edit and delete. Every query is scoped by the business; another business's contact is
 * not found.
 */
export class ContactsService {
  constructor(private readonly deps: { db: Db }) {}

  async list(business: ContactBusiness, query: ContactListQuery): Promise<ContactList> {
    const { rows, total } = await listContacts(this.deps.db, business.id, {
      search: query.search ? contactSearchTerms(query.search) : undefined,
      test: query.test,
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    return { data: rows.map(toContact), meta: buildPaginationMeta(total, query.page, query.limit) };
  }

  async detail(business: ContactBusiness, contactId: string): Promise<ContactDetail> {
    const row = await findContact(this.deps.db, business.id, contactId);
    if (!row) throw contactNotFound();
    const db = this.deps.db;
    const [calls, callCount, enquiries, appointments] = await Promise.all([
      listContactCalls(db, business.id, contactCallDigits(row)),
      countContactCalls(db, business.id, contactCallDigits(row)),
      listContactEnquiries(db, business.id, row.id),
      listContactAppointments(db, business.id, row.id),
    ]);
    return {
      ...toContact(row),
      calls: calls.map((call) => toCallLogRow(call, business.timezone)),
      timeZone: business.timezone,
      enquiries: enquiries.rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      appointments: appointments.rows.map((a) => ({
        ...a,
        startsAt: a.startsAt.toISOString(),
        endsAt: a.endsAt.toISOString(),
      })),
      counts: {
        calls: callCount,
        enquiries: enquiries.total,
        appointments: appointments.total,
      },
    };
  }

  async create(business: ContactBusiness, input: ContactInput): Promise<Contact> {
    const fields = this.fieldsOf(business, input);
    const row = await this.guardUnique(business.id, fields, undefined, () =>
      insertContact(this.deps.db, business.id, { ...fields, source: 'manual' }),
    );
    return toContact(row);
  }

  async update(business: ContactBusiness, contactId: string, input: ContactInput) {
    if (!(await findContact(this.deps.db, business.id, contactId))) throw contactNotFound();
    const fields = this.fieldsOf(business, input);
    const row = await this.guardUnique(business.id, fields, contactId, () =>
      updateContact(this.deps.db, business.id, contactId, fields),
    );
    if (!row) throw contactNotFound();
    return toContact(row);
  }

  async setDoNotCall(business: ContactBusiness, contactId: string, doNotCall: boolean) {
    const row = await setContactDoNotCall(this.deps.db, business.id, contactId, doNotCall);
    if (!row) throw contactNotFound();
    return toContact(row);
  }

  async remove(business: ContactBusiness, contactId: string): Promise<void> {
    if (!(await deleteContact(this.deps.db, business.id, contactId))) throw contactNotFound();
  }

  /** The form's values as stored: phone in E.164 read in the business's country, email lower case. */
  private fieldsOf(business: ContactBusiness, input: ContactInput): ContactFields {
    let phone: string | null = null;
    if (input.phone) {
      const normalized = normalizePhone(input.phone, business.country);
      if (!normalized.ok) {
        throw fieldError('VALIDATION_ERROR', [
          { path: 'body.phone', message: contactMessages.phoneInvalid },
        ]);
      }
      phone = normalized.e164;
    }
    const email = input.email ? input.email.toLowerCase() : null;
    return {
      name: input.name,
      phone,
      email,
      company: blankToNull(input.company),
      notes: blankToNull(input.notes),
      ...(input.otherPhones === undefined
        ? {}
        : { otherPhones: this.otherPhonesOf(business, input.otherPhones, phone) }),
      ...(input.otherEmails === undefined
        ? {}
        : {
            otherEmails: unionOthers(
              [],
              input.otherEmails.map((one) => one.toLowerCase()),
              email,
            ),
          }),
      ...(input.country === undefined ? {} : { country: this.countryOf(input.country) }),
    };
  }

  /** Other numbers typed: each E.164 in the business's country, repeats and the main one dropped. */
  private otherPhonesOf(business: ContactBusiness, typed: string[], phone: string | null) {
    const e164: string[] = [];
    for (const [i, raw] of typed.entries()) {
      if (raw.trim() === '') continue;
      const normalized = normalizePhone(raw, business.country);
      if (!normalized.ok)
        throw fieldError('VALIDATION_ERROR', [
          {
            path: `body.otherPhones.${i}`,
            message: `${contactMessages.otherPhoneInvalid}: ${raw}`,
          },
        ]);
      e164.push(normalized.e164);
    }
    return unionOthers([], e164, phone);
  }

  private countryOf(code: string | null): string | null {
    if (!code) return null;
    if (phoneRegionOf(code) === undefined)
      throw fieldError('VALIDATION_ERROR', [
        { path: 'body.country', message: contactMessages.countryInvalid },
      ]);
    return code;
  }

  /**
   * Runs a write and turns a clash with another contact's phone or email into 409 with the
   * field's message. The database's unique indexes decide (two requests at once cannot both
   * win); which field clashed is then looked up, as the drivers name the index differently.
   */
  private async guardUnique<T>(
    businessId: string,
    fields: ContactFields,
    exceptId: string | undefined,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      const taken = await findTakenFields(this.deps.db, businessId, fields, exceptId);
      const issues: FieldIssue[] = [];
      if (taken.phone) issues.push({ path: 'body.phone', message: contactMessages.phoneTaken });
      if (taken.email) issues.push({ path: 'body.email', message: contactMessages.emailTaken });
      // The other contact changed meanwhile; the request still clashed with it.
      if (issues.length === 0) {
        issues.push({ path: 'body', message: 'A contact with these details already exists' });
      }
      throw fieldError('CONTACT_EXISTS', issues);
    }
  }
}
