import { formatDateTime } from '@switchboard/shared/format';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, contacts } from '../../db/schema';
import { notify } from './notify';

/**
 * The wording of each event the product raises, in one place, so every path that creates the
 * same thing (a call's tool, a form, a member by hand) tells the team the same way.
 */

async function contactName(db: Db, contactId: string): Promise<string> {
  const [row] = await db
    .select({ name: contacts.name, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return row?.name || row?.phone || row?.email || 'a caller';
}

async function zoneOf(db: Db, businessId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.timezone ?? 'UTC';
}

/** A new enquiry: `enquiry-urgent` when urgent (instead of `enquiry-new`), else `enquiry-new`. */
export async function raiseEnquiryCreated(
  db: Db,
  enquiry: {
    businessId: string;
    contactId: string;
    subject: string;
    message: string;
    urgent: boolean;
    source: 'call' | 'manual';
    isTest?: boolean;
  },
): Promise<void> {
  const who = await contactName(db, enquiry.contactId);
  const test = enquiry.isTest ? ' (test call)' : '';
  await notify(db, {
    businessId: enquiry.businessId,
    kind: enquiry.urgent ? 'enquiry-urgent' : 'enquiry-new',
    title: `${enquiry.urgent ? 'Urgent enquiry' : 'New enquiry'} from ${who}${test}`,
    body: [enquiry.subject, enquiry.message].filter(Boolean).join(' — '),
    link: `/contacts/${enquiry.contactId}`,
  });
}

/** A customer answered an enquiry's email. */
export async function raiseEmailAnswer(
  db: Db,
  answer: { businessId: string; contactId: string; fromAddress: string; subject: string },
): Promise<void> {
  const who = await contactName(db, answer.contactId);
  await notify(db, {
    businessId: answer.businessId,
    kind: 'email-answer',
    title: `${who} answered by email`,
    body: answer.subject || `From ${answer.fromAddress}`,
    link: `/contacts/${answer.contactId}`,
  });
}

export type AppointmentEvent = 'appointment-new' | 'appointment-changed' | 'appointment-cancelled';

/** An appointment booked, moved or cancelled. */
export async function raiseAppointment(
  db: Db,
  kind: AppointmentEvent,
  appointment: {
    businessId: string;
    contactId: string;
    service: string | null;
    startsAt: Date;
    previousStartsAt?: Date;
  },
): Promise<void> {
  const [who, zone] = await Promise.all([
    contactName(db, appointment.contactId),
    zoneOf(db, appointment.businessId),
  ]);
  const when = formatDateTime(appointment.startsAt, zone);
  const what = appointment.service ? `${appointment.service}, ` : '';
  const title =
    kind === 'appointment-new'
      ? `New appointment: ${who}`
      : kind === 'appointment-cancelled'
        ? `Appointment cancelled: ${who}`
        : `Appointment moved: ${who}`;
  const body =
    kind === 'appointment-changed' && appointment.previousStartsAt
      ? `${what}now ${when} (was ${formatDateTime(appointment.previousStartsAt, zone)})`
      : `${what}${when}`;
  await notify(db, {
    businessId: appointment.businessId,
    kind,
    title,
    body,
    link: '/appointments',
  });
}

/** A campaign called everyone it had to. */
export async function raiseCampaignFinished(
  db: Db,
  campaign: { businessId: string; id: string; name: string },
): Promise<void> {
  await notify(db, {
    businessId: campaign.businessId,
    kind: 'campaign-finished',
    title: `Campaign finished: ${campaign.name}`,
    body: 'Every number has been called; the results are on the campaign’s page.',
    link: `/campaigns/${campaign.id}`,
  });
}

/** The landing page's form: a business asking about Switchboard, told to the operator. */
export async function raiseServiceEnquiry(
  db: Db,
  enquiry: { businessName: string; pointOfContact: string; country: string },
): Promise<void> {
  await notify(db, {
    businessId: null,
    kind: 'enquiry-new',
    title: `New enquiry from ${enquiry.businessName}`,
    body: `${enquiry.pointOfContact}, ${enquiry.country} — from the landing page`,
    link: '/admin/service-enquiries',
    // Every administrator with an address is mailed about it already, in the same transaction.
    channels: ['in_app', 'push'],
  });
}
