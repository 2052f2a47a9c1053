import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  appointments,
  businesses,
  contactImportChanges,
  contactImportErrors,
  contactImports,
  contacts,
  enquiries,
} from '../../../db/schema';
import { isContactId } from '../contacts.repository';
import type { ContactRow } from './rows';
import {
  contactImportOptionsSchema,
  DEFAULT_IMPORT_OPTIONS,
  type ContactImportOptions,
} from '@switchboard/shared/contact-imports';
import { pageOf } from '../../../db/page-of';

/** An import as the routes see it: not the upload, nor the lease and interruptions (the runners'). */
export type ContactImportRecord = Omit<
  typeof contactImports.$inferSelect,
  'file' | 'leaseOwner' | 'leaseExpiresAt' | 'interruptions'
>;

/** Every column but the file: lists and polling never carry the upload. */
const IMPORT_COLUMNS = {
  id: contactImports.id,
  businessId: contactImports.businessId,
  fileName: contactImports.fileName,
  fileType: contactImports.fileType,
  fileSize: contactImports.fileSize,
  status: contactImports.status,
  mapping: contactImports.mapping,
  options: contactImports.options,
  totalRows: contactImports.totalRows,
  processedRows: contactImports.processedRows,
  createdCount: contactImports.createdCount,
  updatedCount: contactImports.updatedCount,
  skippedCount: contactImports.skippedCount,
  failedCount: contactImports.failedCount,
  warningCount: contactImports.warningCount,
  country: contactImports.country,
  source: contactImports.source,
  headerKey: contactImports.headerKey,
  error: contactImports.error,
  createdAt: contactImports.createdAt,
  startedAt: contactImports.startedAt,
  finishedAt: contactImports.finishedAt,
  undoneAt: contactImports.undoneAt,
  undoKeptCount: contactImports.undoKeptCount,
};

export type ImportCounts = {
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedCount: number;
  failedCount: number;
  /** Rows imported with a value left out (also counted as created or updated). */
  warningCount: number;
};

/** What a file looked like, so its problem rows can be given back in the same shape. */
export type ImportSource = {
  headers: string[];
  /** A CSV's delimiter and encoding (a workbook's problem rows are written as UTF-8 CSV). */
  delimiter?: string;
  encoding?: string;
};

export async function insertContactImport(
  db: Db,
  businessId: string,
  values: {
    fileName: string;
    fileType: string;
    fileSize: number;
    file: Buffer;
    source: ImportSource;
    headerKey: string;
  },
): Promise<ContactImportRecord> {
  const [row] = await db
    .insert(contactImports)
    .values({ businessId, ...values })
    .returning(IMPORT_COLUMNS);
  if (!row) throw new Error('insert into contact_imports returned no row');
  return row;
}

export async function findContactImport(
  db: Db,
  businessId: string,
  importId: string,
): Promise<ContactImportRecord | undefined> {
  if (!isContactId(importId)) return undefined;
  const [row] = await db
    .select(IMPORT_COLUMNS)
    .from(contactImports)
    .where(and(eq(contactImports.businessId, businessId), eq(contactImports.id, importId)));
  return row;
}

/** The stored upload (null once the import is done with it). */
export async function findContactImportFile(
  db: Db,
  businessId: string,
  importId: string,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ file: contactImports.file })
    .from(contactImports)
    .where(and(eq(contactImports.businessId, businessId), eq(contactImports.id, importId)));
  return row?.file ?? null;
}

export async function listContactImports(
  db: Db,
  businessId: string,
  options: { limit: number; offset: number },
): Promise<{ rows: ContactImportRecord[]; total: number }> {
  const where = eq(contactImports.businessId, businessId);
  return pageOf(
    db
      .select(IMPORT_COLUMNS)
      .from(contactImports)
      .where(where)
      .orderBy(desc(contactImports.createdAt), desc(contactImports.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(contactImports).where(where),
  );
}

/**
 * The mapping last committed for a file with the same header row (the newest import of the
 * business that has one), to suggest it again.
 */
export async function findRememberedMapping(
  db: Db,
  businessId: string,
  headerKey: string,
): Promise<{ mapping: Record<string, number>; options: ContactImportOptions } | undefined> {
  const [row] = await db
    .select({ mapping: contactImports.mapping, options: contactImports.options })
    .from(contactImports)
    .where(
      and(
        eq(contactImports.businessId, businessId),
        eq(contactImports.headerKey, headerKey),
        sql`${contactImports.mapping} is not null`,
      ),
    )
    .orderBy(desc(contactImports.createdAt))
    .limit(1);
  if (!row) return undefined;
  return {
    mapping: row.mapping as Record<string, number>,
    options: importOptionsOf(row.options),
  };
}

/**
 * Deletes an import nobody started (a preview left behind), or every such import created before
 * `olderThan`; answers how many. Their contacts cannot exist: only a started import writes any.
 */
export async function deleteUnstartedContactImports(
  db: Db,
  which: { businessId: string; importId: string } | { olderThan: Date },
): Promise<number> {
  const rows = await db
    .delete(contactImports)
    .where(
      and(
        eq(contactImports.status, 'uploaded'),
        'olderThan' in which
          ? lt(contactImports.createdAt, which.olderThan)
          : and(
              eq(contactImports.businessId, which.businessId),
              eq(contactImports.id, which.importId),
            ),
      ),
    )
    .returning({ id: contactImports.id });
  return rows.length;
}

/** uploaded → queued with the mapping; false when the import was not waiting for one. */
export async function queueContactImport(
  db: Db,
  businessId: string,
  importId: string,
  mapping: Record<string, number>,
  country: string | null,
  options: ContactImportOptions,
): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({ status: 'queued', mapping, country, options })
    .where(
      and(
        eq(contactImports.businessId, businessId),
        eq(contactImports.id, importId),
        eq(contactImports.status, 'uploaded'),
      ),
    )
    .returning({ id: contactImports.id });
  return rows.length > 0;
}

/** A claimed import: what its runner needs. `country` is the import's, else the business's. */
export type ClaimedImport = {
  id: string;
  businessId: string;
  mapping: unknown;
  /** As stored (null before options existed): read with `importOptionsOf`. */
  options: unknown;
  country: string;
};

/** An import's stored options, the defaults for what it does not say. */
export function importOptionsOf(stored: unknown): ContactImportOptions {
  const parsed = contactImportOptionsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_IMPORT_OPTIONS;
}

/** Who holds a running import, and for how long each claim or renewal holds it. */
export type ImportLease = { owner: string; ms: number };

const leaseUntil = (lease: ImportLease) =>
  sql`now() + ${lease.ms}::integer * interval '1 millisecond'`;

/**
 * Takes a queued import for this instance (the given one, or the oldest): queued → running,
 * under a lease. `for update skip locked` lets several servers share one PostgreSQL without
 * taking the same one.
 */
export async function claimContactImport(
  db: Db,
  lease: ImportLease,
  importId?: string,
): Promise<ClaimedImport | undefined> {
  const next = db
    .select({ id: contactImports.id })
    .from(contactImports)
    .where(
      and(
        eq(contactImports.status, 'queued'),
        importId === undefined ? undefined : eq(contactImports.id, importId),
      ),
    )
    .orderBy(asc(contactImports.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(contactImports)
    .set({
      status: 'running',
      startedAt: sql`now()`,
      error: null,
      leaseOwner: lease.owner,
      leaseExpiresAt: leaseUntil(lease),
    })
    .where(and(inArray(contactImports.id, next), eq(contactImports.status, 'queued')))
    .returning({
      id: contactImports.id,
      businessId: contactImports.businessId,
      mapping: contactImports.mapping,
      options: contactImports.options,
      country: contactImports.country,
    });
  if (!claimed) return undefined;
  if (claimed.country !== null) return { ...claimed, country: claimed.country };
  const [business] = await db
    .select({ country: businesses.country })
    .from(businesses)
    .where(eq(businesses.id, claimed.businessId));
  return { ...claimed, country: business?.country ?? '' };
}

/** The import is running and this instance still holds it. */
const heldBy = (importId: string, owner: string) =>
  and(
    eq(contactImports.id, importId),
    eq(contactImports.status, 'running'),
    eq(contactImports.leaseOwner, owner),
  );

/**
 * Extends the lease and stores the progress so far, so any instance can show it; false when
 * this instance no longer holds the import (another one found the lease expired and failed it).
 */
export async function renewContactImportLease(
  db: Db,
  importId: string,
  lease: ImportLease,
  progress: ImportCounts & { totalRows: number | null },
): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({ ...progress, leaseExpiresAt: leaseUntil(lease) })
    .where(heldBy(importId, lease.owner))
    .returning({ id: contactImports.id });
  return rows.length > 0;
}

export async function readImportFile(db: Db, importId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ file: contactImports.file })
    .from(contactImports)
    .where(eq(contactImports.id, importId));
  return row?.file ?? null;
}

/**
 * The stored upload read a slice at a time (PGlite: each slice a short query, with `between`
 * awaited after it, so other requests' queries run in between instead of waiting for one read
 * of the whole file; decision 074). Null when it is no longer stored.
 */
export async function readImportFileInSlices(
  db: Db,
  importId: string,
  sliceBytes: number,
  between: () => Promise<unknown>,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ size: sql<number | null>`octet_length(${contactImports.file})` })
    .from(contactImports)
    .where(eq(contactImports.id, importId));
  if (row?.size === null || row?.size === undefined) return null;
  const size = Number(row.size);
  const parts: Buffer[] = [];
  for (let offset = 0; offset < size; offset += sliceBytes) {
    await between();
    const [slice] = await db
      .select({
        part: sql<Uint8Array>`substring(${contactImports.file} from ${offset + 1}::integer for ${sliceBytes}::integer)`,
      })
      .from(contactImports)
      .where(eq(contactImports.id, importId));
    if (!slice) return null;
    parts.push(Buffer.from(slice.part));
  }
  return Buffer.concat(parts, size);
}

/**
 * running → completed, in the import's own transaction and only while this instance holds it,
 * so an import another instance has meanwhile failed is rolled back rather than left written
 * under a failed row. False when it was not held (the caller rolls back). An import in which
 * every row failed is failed, with `allFailedMessage` (its problem rows are kept all the same).
 */
export async function completeContactImport(
  tx: Db,
  importId: string,
  owner: string,
  counts: ImportCounts,
  allFailedMessage: string,
): Promise<boolean> {
  const allFailed =
    counts.failedCount > 0 && counts.createdCount === 0 && counts.updatedCount === 0;
  const rows = await tx
    .update(contactImports)
    .set({
      ...counts,
      totalRows: counts.processedRows,
      status: allFailed ? 'failed' : 'completed',
      error: allFailed ? allFailedMessage : null,
      finishedAt: sql`now()`,
      file: null,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(heldBy(importId, owner))
    .returning({ id: contactImports.id });
  return rows.length > 0;
}

/**
 * The counts of an import that has written nothing: one just started, or one whose transaction
 * was rolled back (none of its contacts or problem rows exist, whatever its lease's heartbeat
 * had stored on the way).
 */
export const NOTHING_WRITTEN: Readonly<ImportCounts> = {
  processedRows: 0,
  createdCount: 0,
  updatedCount: 0,
  skippedCount: 0,
  failedCount: 0,
  warningCount: 0,
};

/** running → failed (nothing written), if this instance still holds the import. */
export async function failContactImport(db: Db, importId: string, owner: string, message: string) {
  await db
    .update(contactImports)
    .set({
      ...NOTHING_WRITTEN,
      status: 'failed',
      error: message,
      finishedAt: sql`now()`,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(heldBy(importId, owner));
}

/**
 * running → queued, if this instance still holds the import: its server is stopping and has
 * rolled it back; any instance (or this one's next start) runs it again from the stored file.
 * False when it was not held.
 */
export async function releaseContactImport(
  db: Db,
  importId: string,
  owner: string,
): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({
      ...NOTHING_WRITTEN,
      status: 'queued',
      totalRows: null,
      startedAt: null,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(heldBy(importId, owner))
    .returning({ id: contactImports.id });
  return rows.length > 0;
}

/**
 * The imports left running by a server that died (its transaction went with it): every running
 * one (`all`, when no other process can be running one), or those whose lease has run out. Each
 * is queued again from its stored file, counting the interruption; one interrupted
 * `maxInterruptions` times is failed with `message` instead. Answers how many of each.
 */
export async function recoverInterruptedContactImports(
  db: Db,
  options: { which: 'all' | 'expired'; maxInterruptions: number; message: string },
): Promise<{ queued: number; failed: number }> {
  const givesUp = sql`${contactImports.interruptions} + 1 >= ${options.maxInterruptions}`;
  const rows = await db
    .update(contactImports)
    .set({
      ...NOTHING_WRITTEN,
      status: sql`case when ${givesUp} then 'failed' else 'queued' end`,
      error: sql`case when ${givesUp} then ${options.message} else null end`,
      finishedAt: sql`case when ${givesUp} then now() else null end`,
      startedAt: sql`case when ${givesUp} then ${contactImports.startedAt} else null end`,
      totalRows: sql`case when ${givesUp} then ${contactImports.totalRows} else null end`,
      interruptions: sql`${contactImports.interruptions} + 1`,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(
      and(
        eq(contactImports.status, 'running'),
        options.which === 'all'
          ? undefined
          : // No lease: left running before leases existed.
            or(
              isNull(contactImports.leaseExpiresAt),
              lt(contactImports.leaseExpiresAt, sql`now()`),
            ),
      ),
    )
    .returning({ status: contactImports.status });
  const failed = rows.filter((row) => row.status === 'failed').length;
  return { queued: rows.length - failed, failed };
}

export type ExistingContact = ContactRow & { id: string };

/** The fields every before-image has (the others came later). */
type CoreField = 'name' | 'phone' | 'email' | 'company' | 'notes';

/** New contacts as columns: the i-th contact is the i-th value of each. */
export type NewContactColumns = { id: string[] } & { [K in keyof ContactRow]: ContactRow[K][] };

const CONTACT_FIELDS = {
  id: contacts.id,
  name: contacts.name,
  phone: contacts.phone,
  email: contacts.email,
  company: contacts.company,
  notes: contacts.notes,
  country: contacts.country,
  otherPhones: contacts.otherPhones,
  otherEmails: contacts.otherEmails,
};

/**
 * Every phone number and email address the business's contacts hold, with the contact holding
 * it: read once at the start of an import, so its batches need no lookup (decision 012).
 */
export async function findContactKeys(
  db: Db,
  businessId: string,
): Promise<{ id: string; phone: string | null; email: string | null }[]> {
  return db
    .select({ id: contacts.id, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        or(sql`${contacts.phone} is not null`, sql`${contacts.email} is not null`),
      ),
    );
}

/** These contacts of the business, all fields (ids as one JSON parameter). */
export async function findContactsByIds(
  db: Db,
  businessId: string,
  ids: string[],
): Promise<ExistingContact[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...CONTACT_FIELDS, fields: contacts.fields })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        sql`${contacts.id} = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))`,
      ),
    );
  return rows.map((row) => ({ ...row, fields: row.fields as Record<string, string> | null }));
}

/**
 * The import's new contacts (ids made by the caller), in one statement: an array parameter per
 * column, unnested together (cheaper for the server to read than one JSON document of rows,
 * and nothing to stringify here).
 */
export async function insertImportedContacts(
  db: Db,
  businessId: string,
  importId: string,
  rows: NewContactColumns,
) {
  if (rows.id.length === 0) return;
  // The extra columns as JSON text, one per row (null: none); the other numbers and addresses
  // as JSON text too (unnest would flatten an array of arrays).
  const fieldsColumn = rows.id.map((_, i) => {
    const fields = rows.fields?.[i];
    return fields ? JSON.stringify(fields) : null;
  });
  await db.execute(sql`
    insert into ${contacts} (id, business_id, import_id, source, name, phone, email, company, notes,
                             fields, country, other_phones, other_emails)
    select r.id, ${businessId}::uuid, ${importId}::uuid, 'import', r.name, r.phone, r.email,
           r.company, r.notes, r.fields::jsonb, r.country, r.other_phones::jsonb,
           r.other_emails::jsonb
    from unnest(${sql.param(rows.id)}::uuid[], ${sql.param(rows.name)}::text[],
                ${sql.param(rows.phone)}::text[], ${sql.param(rows.email)}::text[],
                ${sql.param(rows.company)}::text[], ${sql.param(rows.notes)}::text[],
                ${sql.param(fieldsColumn)}::text[],
                ${sql.param(rows.country)}::text[],
                ${sql.param(rows.otherPhones.map((list) => JSON.stringify(list)))}::text[],
                ${sql.param(rows.otherEmails.map((list) => JSON.stringify(list)))}::text[])
      as r(id, name, phone, email, company, notes, fields, country, other_phones, other_emails)`);
}

/**
 * Fills blank fields of existing contacts in one statement: each row names the fields to fill
 * (absent = keep), and a field is only ever filled, never cleared. Other phone numbers and
 * email addresses, when named, are the whole new list (the old one and the import's).
 */
export async function fillContactBlanks(
  db: Db,
  businessId: string,
  rows: (Partial<ContactRow> & { id: string })[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${contacts} as c
    set name = coalesce(v.name, c.name), phone = coalesce(v.phone, c.phone),
        email = coalesce(v.email, c.email), company = coalesce(v.company, c.company),
        notes = coalesce(v.notes, c.notes), country = coalesce(v.country, c.country),
        other_phones = coalesce(v.other_phones, c.other_phones),
        other_emails = coalesce(v.other_emails, c.other_emails),
        fields = coalesce(v.fields, c.fields), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows.map(snakeKeys))}::jsonb)
      as v(id uuid, name text, phone text, email text, company text, notes text, country text,
           other_phones jsonb, other_emails jsonb, fields jsonb)
    where c.id = v.id and c.business_id = ${businessId}::uuid`);
}

/** The record's keys as its columns are named: otherPhones → other_phones. */
const snakeKeys = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]),
  );

/** The first before-image of a contact per import is the one undo restores. */
export async function insertImportChanges(
  db: Db,
  importId: string,
  changes: { contactId: string; before: ContactRow }[],
) {
  if (changes.length === 0) return;
  await db
    .insert(contactImportChanges)
    .values(changes.map((change) => ({ importId, ...change })))
    .onConflictDoNothing();
}

export async function insertImportErrors(
  db: Db,
  importId: string,
  errors: { line: number; reason: string; row: string[]; kind: 'failed' | 'warning' }[],
) {
  if (errors.length === 0) return;
  await db.insert(contactImportErrors).values(errors.map((e) => ({ importId, ...e })));
}

/** One page of an import's failed rows, by line, after `afterLine`. */
export async function listImportErrors(
  db: Db,
  importId: string,
  afterLine: number,
  limit: number,
): Promise<{ line: number; reason: string; kind: string; row: unknown }[]> {
  return db
    .select({
      line: contactImportErrors.line,
      reason: contactImportErrors.reason,
      kind: contactImportErrors.kind,
      row: contactImportErrors.row,
    })
    .from(contactImportErrors)
    .where(and(eq(contactImportErrors.importId, importId), gt(contactImportErrors.line, afterLine)))
    .orderBy(asc(contactImportErrors.line))
    .limit(limit);
}

/**
 * Undoes a completed import: deletes the contacts it created, puts back what it changed in
 * the others. Run inside a transaction; false when the import was not completed.
 *
 * Nothing that happened after the import is lost: a contact it created is kept when it was
 * changed since (by hand or by a call) or has enquiries or appointments (they would go with
 * it), and a contact it filled in keeps its details when they were changed since. Those are
 * counted in `undo_kept_count`.
 */
export async function undoContactImport(
  db: Db,
  businessId: string,
  importId: string,
): Promise<boolean> {
  const [locked] = await db
    .select({ status: contactImports.status })
    .from(contactImports)
    .where(and(eq(contactImports.businessId, businessId), eq(contactImports.id, importId)))
    .for('update');
  if (locked?.status !== 'completed') return false;
  const unchangedSince = sql`${contacts.updatedAt} <= (select ${contactImports.finishedAt} from ${contactImports} where ${contactImports.id} = ${importId}::uuid)`;

  await db
    .delete(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        eq(contacts.importId, importId),
        unchangedSince,
        sql`not exists (select 1 from ${enquiries} where ${enquiries.contactId} = ${contacts.id})`,
        sql`not exists (select 1 from ${appointments} where ${appointments.contactId} = ${contacts.id})`,
      ),
    );
  const [createdKept] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.importId, importId)));

  const changes = await db
    .select({ contactId: contactImportChanges.contactId, before: contactImportChanges.before })
    .from(contactImportChanges)
    .where(eq(contactImportChanges.importId, importId));
  let changedKept = 0;
  for (const change of changes) {
    const before = change.before as Partial<ContactRow> & Pick<ContactRow, CoreField>;
    const restored = await db
      .update(contacts)
      .set({
        name: before.name,
        phone: before.phone,
        email: before.email,
        company: before.company,
        notes: before.notes,
        // A before-image from before these fields existed: the contact had none of them.
        country: before.country ?? null,
        otherPhones: before.otherPhones ?? [],
        otherEmails: before.otherEmails ?? [],
        // Before-images from before extra columns were kept have none to restore.
        ...(before.fields === undefined ? {} : { fields: before.fields }),
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(contacts.businessId, businessId), eq(contacts.id, change.contactId), unchangedSince),
      )
      .returning({ id: contacts.id });
    // Not restored: changed since (a contact deleted since is simply gone).
    if (restored.length === 0) {
      const [still] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), eq(contacts.id, change.contactId)));
      if (still) changedKept += 1;
    }
  }
  await db
    .update(contactImports)
    .set({
      status: 'undone',
      undoneAt: sql`now()`,
      undoKeptCount: Number(createdKept?.n ?? 0) + changedKept,
    })
    .where(eq(contactImports.id, importId));
  return true;
}

/**
 * Takes back what an import committed batch by batch (PGlite, decision 074) before it is failed
 * or queued again: the contacts it filled in get their before-images back, the contacts it
 * created are deleted, its problem rows and before-images go. Each step is short statements of
 * at most `chunk` rows with `between` awaited after each, so other requests' queries run in
 * between on PGlite's one connection. Idempotent: a rollback cut short (a crash) is run again
 * whole. A created contact that has enquiries or appointments since is kept (they would go with
 * it), as undo keeps it. Answers how many contacts were deleted and restored.
 */
export async function rollBackContactImportWrites(
  db: Db,
  businessId: string,
  importId: string,
  options: { chunk: number; between: () => Promise<unknown> },
): Promise<{ deleted: number; restored: number }> {
  const { chunk, between } = options;
  let restored = 0;
  for (let offset = 0; ; offset += chunk) {
    const changes = await db
      .select({ contactId: contactImportChanges.contactId, before: contactImportChanges.before })
      .from(contactImportChanges)
      .where(eq(contactImportChanges.importId, importId))
      .orderBy(asc(contactImportChanges.contactId))
      .limit(chunk)
      .offset(offset);
    if (changes.length === 0) break;
    const rows = changes.map(({ contactId, before }) => {
      const image = before as Partial<ContactRow> & Pick<ContactRow, CoreField>;
      return {
        id: contactId,
        name: image.name,
        phone: image.phone,
        email: image.email,
        company: image.company,
        notes: image.notes,
        country: image.country ?? null,
        other_phones: image.otherPhones ?? [],
        other_emails: image.otherEmails ?? [],
        // Absent: a before-image from before extra columns were kept (nothing to restore).
        has_fields: image.fields !== undefined,
        fields: image.fields ?? null,
      };
    });
    await db.execute(sql`
      update ${contacts} as c
      set name = v.name, phone = v.phone, email = v.email, company = v.company, notes = v.notes,
          country = v.country, other_phones = v.other_phones, other_emails = v.other_emails,
          fields = case when v.has_fields then v.fields else c.fields end, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(id uuid, name text, phone text, email text, company text, notes text, country text,
             other_phones jsonb, other_emails jsonb, has_fields boolean, fields jsonb)
      where c.id = v.id and c.business_id = ${businessId}::uuid`);
    restored += changes.length;
    await between();
  }
  let deleted = 0;
  for (;;) {
    const gone = await db
      .delete(contacts)
      .where(
        inArray(
          contacts.id,
          db
            .select({ id: contacts.id })
            .from(contacts)
            .where(
              and(
                eq(contacts.importId, importId),
                eq(contacts.businessId, businessId),
                sql`not exists (select 1 from ${enquiries} where ${enquiries.contactId} = ${contacts.id})`,
                sql`not exists (select 1 from ${appointments} where ${appointments.contactId} = ${contacts.id})`,
              ),
            )
            .limit(chunk),
        ),
      )
      .returning({ id: contacts.id });
    deleted += gone.length;
    await between();
    if (gone.length < chunk) break;
  }
  await db.delete(contactImportErrors).where(eq(contactImportErrors.importId, importId));
  await db.delete(contactImportChanges).where(eq(contactImportChanges.importId, importId));
  return { deleted, restored };
}

/** The imports left running (by a process that died): their ids and businesses. */
export async function findRunningContactImports(
  db: Db,
): Promise<{ id: string; businessId: string }[]> {
  return db
    .select({ id: contactImports.id, businessId: contactImports.businessId })
    .from(contactImports)
    .where(eq(contactImports.status, 'running'));
}
