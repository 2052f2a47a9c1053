import { eq } from 'drizzle-orm';
import {
  APPOINTMENT_SERVICE_MAX,
  APPOINTMENT_NOTES_MAX,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  CALENDAR_MAX_APPOINTMENTS,
  DEFAULT_APPOINTMENT_MINUTES,
  appointmentChangeMail,
  appointmentChangeProblem,
  appointmentMessages,
  startsAtSchema,
  type Appointment,
  type AppointmentCalendar,
  type AppointmentCalendarQuery,
  type AppointmentCreateInput,
  type AppointmentList,
  type AppointmentListQuery,
  type AppointmentStatus,
  type AppointmentUpdateInput,
} from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import { raiseAppointment } from '../notifications/events';
import { buildPaginationMeta, pageOffset } from '@switchboard/shared/pagination';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema';
import { raiseAppointmentEvent } from '../integrations/webhook-events';
import { AppError } from '../../lib/app-error';
import { resolveToolCaller } from '../contacts/tool-caller';
import type { MailService } from '../mail/mail.service';
import {
  findAppointment,
  insertAppointment,
  isBusinessAgent,
  isBusinessContact,
  listAppointments,
  listAppointmentsInRange,
  updateAppointment,
  type AppointmentRecord,
} from './appointments.repository';

const MINUTE = 60_000;

/** The outbox kind of the mail telling a customer their appointment moved or was cancelled. */
export const APPOINTMENT_CHANGE_MAIL_KIND = 'appointment-change';

const appointmentNotFound = () => new AppError('NOT_FOUND', appointmentMessages.notFound);

/** A refusal shaped like a validation failure, so a form puts the message on its field. */
function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { issues: [{ path, message }] });
}

const isStatus = (value: string): value is AppointmentStatus =>
  (APPOINTMENT_STATUSES as readonly string[]).includes(value);

export function toAppointment(row: AppointmentRecord): Appointment {
  return {
    id: row.id,
    service: row.service,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: isStatus(row.status) ? row.status : 'scheduled',
    notes: row.notes,
    source: (APPOINTMENT_SOURCES as readonly string[]).includes(row.source)
      ? (row.source as Appointment['source'])
      : 'manual',
    contact: {
      id: row.contactId,
      name: row.contactName,
      phone: row.contactPhone,
      email: row.contactEmail,
    },
    agent: row.assistantId ? { id: row.assistantId, name: row.agentName ?? row.assistantId } : null,
    callId: row.callId,
    isTest: row.isTest,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function argumentText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/**
 * A business's appointments: the list by tab with agent and contact filters, adding one by hand,
 * rescheduling, cancelling and recording the outcome; and the agents' book_appointment tool.
 * Every query is scoped by the business: another business's appointment is not found.
 */
export class AppointmentsService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: {
      db: Db;
      now?: () => Date;
      /** Sends the optional mail to the customer on a reschedule or cancellation. */
      mail?: MailService;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The calendar's range: every appointment starting in it (cancelled too), soonest first. */
  async calendar(
    business: { id: string; timezone: string },
    query: AppointmentCalendarQuery,
  ): Promise<AppointmentCalendar> {
    const rows = await listAppointmentsInRange(
      this.deps.db,
      business.id,
      {
        from: new Date(query.from),
        to: new Date(query.to),
        assistantId: query.agentId,
        test: query.test,
      },
      CALENDAR_MAX_APPOINTMENTS + 1,
    );
    return {
      data: rows.slice(0, CALENDAR_MAX_APPOINTMENTS).map(toAppointment),
      truncated: rows.length > CALENDAR_MAX_APPOINTMENTS,
      timeZone: business.timezone,
    };
  }

  async list(businessId: string, query: AppointmentListQuery): Promise<AppointmentList> {
    const { rows, total } = await listAppointments(
      this.deps.db,
      businessId,
      {
        tab: query.tab,
        now: this.now(),
        assistantId: query.agentId,
        contactId: query.contactId,
        test: query.test,
      },
      { limit: query.limit, offset: pageOffset(query.page, query.limit) },
    );
    return {
      data: rows.map(toAppointment),
      meta: buildPaginationMeta(total, query.page, query.limit),
    };
  }

  async create(businessId: string, input: AppointmentCreateInput): Promise<Appointment> {
    const db = this.deps.db;
    if (!(await isBusinessContact(db, businessId, input.contactId))) {
      throw fieldError('contactId', appointmentMessages.contactNotFound);
    }
    const assistantId = input.agentId ?? null;
    if (assistantId && !(await isBusinessAgent(db, businessId, assistantId))) {
      throw fieldError('agentId', appointmentMessages.agentNotFound);
    }
    const startsAt = new Date(input.startsAt);
    if (startsAt.getTime() <= this.now().getTime()) {
      throw fieldError('startsAt', appointmentMessages.startsAtPast);
    }
    const id = await db.transaction(async (tx) => {
      const created = await insertAppointment(tx, {
        businessId,
        contactId: input.contactId,
        assistantId,
        callId: null,
        toolCallId: null,
        service: input.service,
        startsAt,
        endsAt: new Date(startsAt.getTime() + input.durationMinutes * MINUTE),
        notes: input.notes || null,
        source: 'manual',
      });
      await raiseAppointment(tx, 'appointment-new', {
        businessId,
        contactId: input.contactId,
        service: input.service,
        startsAt,
      });
      await raiseAppointmentEvent(tx, 'appointment.booked', created.id);
      return created.id;
    });
    return this.get(businessId, id);
  }

  async get(businessId: string, id: string): Promise<Appointment> {
    const row = await findAppointment(this.deps.db, businessId, id);
    if (!row) throw appointmentNotFound();
    return toAppointment(row);
  }

  /** Reschedule, cancel, complete, no-show (and notes); refused changes answer 409. */
  async update(businessId: string, id: string, input: AppointmentUpdateInput) {
    const row = await findAppointment(this.deps.db, businessId, id);
    if (!row) throw appointmentNotFound();
    const current = {
      status: isStatus(row.status) ? row.status : 'scheduled',
      startsAt: row.startsAt,
    };
    const length = row.endsAt.getTime() - row.startsAt.getTime();
    const startsAt = input.startsAt ? new Date(input.startsAt) : undefined;
    const problem = appointmentChangeProblem(
      current,
      { status: input.status, startsAt },
      this.now(),
    );
    if (problem === appointmentMessages.startsAtPast) throw fieldError('startsAt', problem);
    if (problem) throw new AppError('INVALID_TRANSITION', problem);
    // A new length alone changes the end: allowed, like a new start, only while scheduled.
    if (input.durationMinutes !== undefined && current.status !== 'scheduled') {
      throw new AppError('INVALID_TRANSITION', appointmentMessages.rescheduleOnlyScheduled);
    }
    const newStart = startsAt ?? row.startsAt;
    const newLength = input.durationMinutes !== undefined ? input.durationMinutes * MINUTE : length;
    const moved = startsAt !== undefined && startsAt.getTime() !== row.startsAt.getTime();
    const cancelled = input.status === 'cancelled';
    const notify = input.notifyCustomer && (moved || cancelled);
    if (notify && (!row.contactEmail || !this.deps.mail)) {
      throw fieldError('notifyCustomer', appointmentMessages.noCustomerEmail);
    }
    const changed = await this.deps.db.transaction(async (tx) => {
      const done = await updateAppointment(tx, businessId, id, current, {
        ...(input.status ? { status: input.status } : {}),
        ...(startsAt || input.durationMinutes !== undefined
          ? { startsAt: newStart, endsAt: new Date(newStart.getTime() + newLength) }
          : {}),
        ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
      });
      // In the same transaction: the webhook exists exactly when the change does.
      if (done) {
        await raiseAppointmentEvent(
          tx,
          cancelled ? 'appointment.cancelled' : 'appointment.changed',
          id,
        );
      }
      if (done && (cancelled || moved)) {
        // The team is told of a cancellation or a new time (notes alone are not news).
        await raiseAppointment(tx, cancelled ? 'appointment-cancelled' : 'appointment-changed', {
          businessId,
          contactId: row.contactId,
          service: row.service,
          startsAt: newStart,
          previousStartsAt: row.startsAt,
        });
      }
      if (done && notify && row.contactEmail && this.deps.mail) {
        // In the same transaction: the mail exists exactly when the change does.
        const [business] = await tx
          .select({ name: businesses.name, timezone: businesses.timezone })
          .from(businesses)
          .where(eq(businesses.id, businessId));
        const zone = business?.timezone ?? 'UTC';
        const message = appointmentChangeMail({
          kind: cancelled ? 'cancelled' : 'rescheduled',
          businessName: business?.name ?? '',
          contactName: row.contactName,
          service: row.service,
          when: formatDateTime(newStart, zone),
          previousWhen: formatDateTime(row.startsAt, zone),
        });
        await this.deps.mail.enqueue(
          { to: row.contactEmail, ...message, kind: APPOINTMENT_CHANGE_MAIL_KIND },
          tx,
        );
      }
      return done;
    });
    if (changed && notify) this.deps.mail?.kick();
    if (!changed) {
      throw new AppError(
        'CONFLICT',
        'The appointment was changed by someone else meanwhile; reload and try again',
      );
    }
    return this.get(businessId, id);
  }

  /**
   * The agents' book_appointment tool: the caller becomes (or is found as) a contact, the
   * appointment is stored linked to the call and the agent, and the agent gets a sentence to say
   * with the time in the business's time zone. The same tool call again books nothing new.
   */
  async bookFromTool(input: {
    arguments: Record<string, unknown>;
    call: Record<string, unknown> | undefined;
    toolCallId: string;
  }): Promise<string> {
    const args = input.arguments;
    const parsedStart = startsAtSchema.safeParse(
      typeof args.startsAt === 'string' ? args.startsAt.trim() : args.startsAt,
    );
    if (!parsedStart.success) {
      throw new AppError(
        'VALIDATION_ERROR',
        'startsAt must be an ISO 8601 date-time with its UTC offset, e.g. 2026-12-01T09:30:00-05:00',
      );
    }
    const startsAt = new Date(parsedStart.data);
    const service = argumentText(args.service, APPOINTMENT_SERVICE_MAX);
    if (!service) throw new AppError('VALIDATION_ERROR', 'service is required');
    const db = this.deps.db;
    // Validated before anything is stored: a refused booking leaves no contact behind either.
    const now = this.now();
    const caller = { name: args.callerName, email: args.callerEmail };
    if (startsAt.getTime() <= now.getTime()) {
      throw new AppError(
        'VALIDATION_ERROR',
        `That time has already passed (it is now ${now.toISOString()}); ask for a time in the future`,
      );
    }
    return db.transaction(async (tx) => {
      const who = await resolveToolCaller(tx, input.call, caller);
      const { id, created } = await insertAppointment(tx, {
        businessId: who.businessId,
        contactId: who.contact.id,
        assistantId: who.assistantId,
        callId: who.callId,
        toolCallId: input.toolCallId,
        service,
        startsAt,
        endsAt: new Date(startsAt.getTime() + DEFAULT_APPOINTMENT_MINUTES * MINUTE),
        notes: argumentText(args.notes, APPOINTMENT_NOTES_MAX),
        source: 'call',
        isTest: who.isTest,
      });
      if (created) {
        await raiseAppointmentEvent(tx, 'appointment.booked', id);
        await raiseAppointment(tx, 'appointment-new', {
          businessId: who.businessId,
          contactId: who.contact.id,
          service,
          startsAt,
        });
      }
      const booked = await findAppointment(tx, who.businessId, id);
      const [business] = await tx
        .select({ timezone: businesses.timezone })
        .from(businesses)
        .where(eq(businesses.id, who.businessId));
      const zone = business?.timezone ?? 'UTC';
      const when = formatDateTime(booked?.startsAt ?? startsAt, zone);
      const name = booked?.contactName ? ` for ${booked.contactName}` : '';
      return `Booked: ${booked?.service ?? service}${name} on ${when} (${zone.replaceAll('_', ' ')} time).`;
    });
  }
}
