import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { idColumn, ownedBy, ts } from './columns';

/**
 * node-postgres answers a bytea as a Buffer, PGlite as a plain Uint8Array: yauzl (and so every
 * workbook read from the database) accepts only a Buffer, so both are made one, without a copy.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * An import of a contact list: the uploaded file (kept until the import is finished or
 * undone), the header mapping, progress and honest counts. Every contact it created carries
 * its id; what it changed in existing contacts is kept in contact_import_changes, so an
 * import can be undone.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    fileName: text('file_name').notNull(),
    /** Sniffed from the content: csv or xlsx. */
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The upload, until the import is done with it. */
    file: bytea('file'),
    /** uploaded → queued → running → completed | failed; completed → undone. */
    status: text('status').notNull().default('uploaded'),
    /** Column index in the file for each contact field (name, firstName, lastName, phone, …). */
    mapping: jsonb('mapping'),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** Rows imported with a field left out (a bad phone beside a good email, say). */
    warningCount: integer('warning_count').notNull().default(0),
    /**
     * The region national phone numbers are read in (ISO 3166 alpha-2), chosen at commit;
     * null: the business's country.
     */
    country: text('country'),
    /**
     * What the file looked like, kept after the file is dropped so the problem rows can be
     * given back in the same shape: its header row, and a CSV's delimiter and encoding.
     */
    source: jsonb('source'),
    /** The normalized header row, to suggest the mapping used last time for the same columns. */
    headerKey: text('header_key'),
    /**
     * How the rows are read and written, chosen with the mapping and remembered with it
     * (ContactImportOptions: "Last, First" names flipped, what a row matching an existing
     * contact does); null: the defaults.
     */
    options: jsonb('options'),
    /** Why the whole import failed (not a row's reason: those are in contact_import_errors). */
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    undoneAt: ts('undone_at'),
    /**
     * Contacts the undo left as they were: created by the import but changed since or holding
     * enquiries or appointments, or filled in by it and changed since.
     */
    undoKeptCount: integer('undo_kept_count'),
    /**
     * The server instance running it, and until when its claim holds: renewed (with the
     * progress so far) every few seconds while it runs, so another instance can tell a live
     * import from one whose server stopped (decision 015).
     */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: ts('lease_expires_at'),
    /**
     * How often its server died under it (found running with no live lease, decision 052): it
     * is queued again from the stored file until this reaches the limit, then failed. A server
     * that stops on a signal hands the import back without counting.
     */
    interruptions: integer('interruptions').notNull().default(0),
  },
  (t) => [
    index('contact_imports_business_created_idx').on(t.businessId, t.createdAt.desc()),
    index('contact_imports_business_header_idx').on(t.businessId, t.headerKey),
  ],
);

/**
 * A contact of a business: a caller, or someone from an imported list, or added by hand.
 * One contact per phone number and per email address within a business.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    name: text('name').notNull().default(''),
    /** E.164. */
    phone: text('phone'),
    /** Lower case. */
    email: text('email'),
    company: text('company'),
    notes: text('notes'),
    /** Other phone numbers (E.164) beside `phone`, as a JSON array; never null. */
    otherPhones: jsonb('other_phones').$type<string[]>().notNull().default([]),
    /** Other email addresses (lower case) beside `email`, as a JSON array; never null. */
    otherEmails: jsonb('other_emails').$type<string[]>().notNull().default([]),
    /** Where the person is (ISO 3166 alpha-2); null: not known. */
    country: text('country'),
    /**
     * The import's columns no contact field was mapped to, header → value ("Last visit":
     * "2026-03-02"): a campaign gives them to the assistant as variables (decision 065).
     */
    fields: jsonb('fields'),
    /**
     * What a search looks in: the name and email in lower case, the phone's digits (the phone
     * is E.164, so its digits are all of it but the "+"; `translate` rather than a regular
     * expression, which cost a fifth of a 100,000-row import's database time), then the other
     * numbers' digits and the other addresses: their JSON text with the brackets, quotes and "+"
     * dropped and the commas made spaces (`["+35312345678","+447700900123"]` →
     * `35312345678 447700900123`). Stored, so a search reads one column, as before.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name) || ' ' || coalesce(email, '') || ' ' || coalesce(translate(phone, '+', ''), '') || ' ' || translate(other_phones::text, ',[]"+ ', ' ') || ' ' || lower(translate(other_emails::text, ',[]" ', ' '))`,
    ),
    /** import | call | manual */
    source: text('source').notNull(),
    /** Created by a test call ("Talk to agent": calls.is_test). */
    isTest: boolean('is_test').notNull().default(false),
    /** Never called by a campaign (decision 039). */
    doNotCall: boolean('do_not_call').notNull().default(false),
    /**
     * The import that created it (undo deletes it). Not a foreign key: checking one for every
     * row an import writes cost a fifth of its database time, and an import is never deleted
     * but with its business, whose contacts go with it (decision 013).
     */
    importId: uuid('import_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_business_phone_idx')
      .on(t.businessId, t.phone)
      .where(sql`phone is not null`),
    uniqueIndex('contacts_business_email_idx')
      .on(t.businessId, t.email)
      .where(sql`email is not null`),
    // Newest first, ties by id newest first too: the list's order, read from the index (no sort).
    index('contacts_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('contacts_import_idx').on(t.importId),
    // A caller is matched on every number of a contact: `other_phones @> '["+353…"]'`.
    index('contacts_other_phones_idx').using('gin', sql`${t.otherPhones} jsonb_path_ops`),
  ],
);

/** What an import changed in a contact that already existed: the values before, for undo. */
export const contactImportChanges = pgTable(
  'contact_import_changes',
  {
    importId: ownedBy('import_id', () => contactImports.id),
    contactId: ownedBy('contact_id', () => contacts.id),
    before: jsonb('before').notNull(),
  },
  (t) => [uniqueIndex('contact_import_changes_pk').on(t.importId, t.contactId)],
);

/** A row an import could not take, with its line number in the file and why. */
export const contactImportErrors = pgTable(
  'contact_import_errors',
  {
    importId: ownedBy('import_id', () => contactImports.id),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    /** failed: the row was not imported; warning: it was, with the field named left out. */
    kind: text('kind').notNull().default('failed'),
    /** The row's cells as read from the file. */
    row: jsonb('row').notNull(),
  },
  (t) => [index('contact_import_errors_import_line_idx').on(t.importId, t.line)],
);
