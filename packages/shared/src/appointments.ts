import { z } from 'zod';
import { fetchFailedMessage } from './fetch-errors';
import { testFilterQuerySchema } from './test-marks';
import { DEFAULT_PAGE_LIMIT, createPaginationQuerySchema, paginatedSchema } from './pagination';
import { zoneOffsetMinutes } from './time-zone';

/**
 * Appointments (`/appointments`) and their API, /api/appointments. The seed keeps the list call
 * (GET appointments?page&limit answering data and meta; the request's default limit is 20), the
 * screen's state (page 1, limit 10; changing the limit resets the page to 1; next and previous
 * come from meta.hasNext and meta.hasPrev) and the failure text. Fields, tabs and actions are ours.
 */

/** The seed's appointments state: the screen starts at page 1 with 10 a page. */
export const APPOINTMENTS_PAGE_SIZE = 10;
/** The seed's request default (the server's, when the client sends no limit). */
export const APPOINTMENTS_REQUEST_LIMIT = DEFAULT_PAGE_LIMIT;
/** How long a booking lasts when nobody says otherwise (the agent's tool gives only a start). */
export const DEFAULT_APPOINTMENT_MINUTES = 30;
export const APPOINTMENT_MAX_MINUTES = 8 * 60;
export const APPOINTMENT_SERVICE_MAX = 200;
export const APPOINTMENT_NOTES_MAX = 2000;

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The list's tabs: upcoming (scheduled, not started yet; soonest first), past (started, not
 * cancelled; latest first — a scheduled one there still waits for its outcome), cancelled.
 */
export const APPOINTMENT_TABS = ['upcoming', 'past', 'cancelled'] as const;
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number];

export const APPOINTMENT_SOURCES = ['call', 'manual'] as const;

export const appointmentMessages = {
  startsAtInvalid: 'Please enter a valid start time with its UTC offset',
  startsAtPast: 'The appointment must start in the future',
  serviceRequired: 'Service is required',
  serviceTooLong: `Service must be at most ${APPOINTMENT_SERVICE_MAX} characters`,
  notesTooLong: `Notes must be at most ${APPOINTMENT_NOTES_MAX} characters`,
  contactRequired: 'Contact is required',
  durationInvalid: `Duration must be from 5 to ${APPOINTMENT_MAX_MINUTES} minutes`,
  nothingToChange: 'Say what to change: a new start time or a new status',
  notFound: 'Appointment not found',
  contactNotFound: 'Contact not found',
  agentNotFound: 'Agent not found',
  cancelledFinal: 'A cancelled appointment cannot be changed',
  rescheduleOnlyScheduled: 'Only a scheduled appointment can be rescheduled',
  outcomeBeforeStart: 'An appointment can be marked completed or no-show only once it has started',
  reopenRefused: 'An appointment with an outcome cannot be scheduled again; book a new one',
  noCustomerEmail: 'The customer has no email address to tell; add one to the contact first',
} as const;

/** The seed's appointments failure text: "Failed to fetch appointments" (with the reason when there is one). */
export function appointmentsErrorMessage(reason?: string | null): string {
  return fetchFailedMessage('appointments', reason);
}

/** An ISO 8601 date-time that says its offset ("2026-12-01T09:30:00+01:00" or "…Z"). */
export const startsAtSchema = z.iso.datetime({
  offset: true,
  local: false,
  error: appointmentMessages.startsAtInvalid,
});

export const appointmentSchema = z.object({
  id: z.string(),
  service: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: z.enum(APPOINTMENT_STATUSES),
  notes: z.string().nullable(),
  source: z.enum(APPOINTMENT_SOURCES),
  contact: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The agent that booked it (the platform assistant id and its name); null when added by hand. */
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The platform call it was booked on. */
  callId: z.string().nullable(),
  /** Booked during a test call. */
  isTest: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentListSchema = paginatedSchema(appointmentSchema);
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/** GET /api/appointments?page&limit&tab&agentId&contactId (limit defaults to the seed's 20). */
export const appointmentListQuerySchema = createPaginationQuerySchema(
  APPOINTMENTS_REQUEST_LIMIT,
).extend({
  tab: z.enum(APPOINTMENT_TABS).default('upcoming'),
  /** The platform assistant id. */
  agentId: z.string().trim().min(1).max(200).optional(),
  contactId: z.string().trim().min(1).max(200).optional(),
  test: testFilterQuerySchema,
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

const serviceSchema = z
  .string({ error: appointmentMessages.serviceRequired })
  .trim()
  .min(1, { error: appointmentMessages.serviceRequired, abort: true })
  .max(APPOINTMENT_SERVICE_MAX, appointmentMessages.serviceTooLong);
const notesSchema = z
  .string()
  .trim()
  .max(APPOINTMENT_NOTES_MAX, appointmentMessages.notesTooLong)
  .nullish();
const durationSchema = z
  .number({ error: appointmentMessages.durationInvalid })
  .int(appointmentMessages.durationInvalid)
  .min(5, appointmentMessages.durationInvalid)
  .max(APPOINTMENT_MAX_MINUTES, appointmentMessages.durationInvalid);

/** POST /api/appointments: an appointment added by hand. */
export const appointmentCreateSchema = z.object({
  contactId: z
    .string({ error: appointmentMessages.contactRequired })
    .trim()
    .min(1, appointmentMessages.contactRequired),
  /** The agent it is for (a platform assistant id of the business), if any. */
  agentId: z.string().trim().min(1).nullish(),
  service: serviceSchema,
  startsAt: startsAtSchema,
  durationMinutes: durationSchema.default(DEFAULT_APPOINTMENT_MINUTES),
  notes: notesSchema,
});
export type AppointmentCreateInput = z.output<typeof appointmentCreateSchema>;

/**
 * PATCH /api/appointments/:id: reschedule (a new start, optionally a new length), cancel, or
 * record the outcome (completed, no_show). Which changes are allowed: `appointmentChangeProblem`.
 */
export const appointmentUpdateSchema = z
  .object({
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    startsAt: startsAtSchema.optional(),
    durationMinutes: durationSchema.optional(),
    notes: notesSchema,
    /** Mail the customer about a new time or a cancellation (needs the contact's email). */
    notifyCustomer: z.boolean().default(false),
  })
  .refine(
    (body) =>
      body.status !== undefined ||
      body.startsAt !== undefined ||
      body.durationMinutes !== undefined ||
      body.notes !== undefined,
    { error: appointmentMessages.nothingToChange },
  );
export type AppointmentUpdateInput = z.output<typeof appointmentUpdateSchema>;
/** What a client sends (notifyCustomer may be left out). */
export type AppointmentUpdateBody = z.input<typeof appointmentUpdateSchema>;

/**
 * Why a change to an appointment is refused, or null when it is allowed. Cancelled is final;
 * only a scheduled appointment moves, and only into the future; an outcome (completed,
 * no-show) is recorded once the appointment has started, and can be corrected between the two
 * but not undone into scheduled.
 */
export function appointmentChangeProblem(
  current: { status: AppointmentStatus; startsAt: Date },
  change: { status?: AppointmentStatus | undefined; startsAt?: Date | undefined },
  now: Date,
): string | null {
  const nextStatus = change.status ?? current.status;
  if (current.status === 'cancelled') {
    return nextStatus === 'cancelled' && change.startsAt === undefined
      ? null
      : appointmentMessages.cancelledFinal;
  }
  if (change.startsAt !== undefined) {
    if (current.status !== 'scheduled' || nextStatus !== 'scheduled') {
      return appointmentMessages.rescheduleOnlyScheduled;
    }
    if (change.startsAt.getTime() <= now.getTime()) return appointmentMessages.startsAtPast;
    return null;
  }
  if (nextStatus === current.status || nextStatus === 'cancelled') return null;
  if (nextStatus === 'scheduled') return appointmentMessages.reopenRefused;
  // completed or no_show
  if (current.startsAt.getTime() > now.getTime()) return appointmentMessages.outcomeBeforeStart;
  return null;
}

/** Which actions the screen offers for an appointment (the same rule the server applies). */
export function appointmentActions(
  appointment: { status: AppointmentStatus; startsAt: Date | string },
  now: Date,
): { reschedule: boolean; cancel: boolean; complete: boolean; noShow: boolean } {
  const current = { status: appointment.status, startsAt: new Date(appointment.startsAt) };
  const allowed = (status: AppointmentStatus) =>
    status !== current.status && appointmentChangeProblem(current, { status }, now) === null;
  return {
    reschedule: current.status === 'scheduled',
    cancel: allowed('cancelled'),
    complete: allowed('completed'),
    noShow: allowed('no_show'),
  };
}

/** The appointments screen's paging state (the appointments' paging rule): where it starts and how it moves. */
export type AppointmentsPaging = { page: number; limit: number };
export const initialAppointmentsPaging: AppointmentsPaging = {
  page: 1,
  limit: APPOINTMENTS_PAGE_SIZE,
};

/** Changing the limit resets the page to 1; the same limit keeps the page. */
export function changeAppointmentsLimit(
  paging: AppointmentsPaging,
  limit: number,
): AppointmentsPaging {
  return limit === paging.limit ? paging : { page: 1, limit };
}

/** en-US words for a status ("no_show" → "No-show"). */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A wall-clock time in a zone ("2026-03-10T09:30", what a datetime-local field holds) as an
 * instant (ISO, UTC). A time the clocks skip (spring forward) lands an hour later; a time that
 * happens twice (fall back) is the first. Null when it does not parse.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(guess)) return null;
  const first = zoneOffsetMinutes(guess, timeZone);
  const instant = guess - first * 60_000;
  const second = zoneOffsetMinutes(instant, timeZone);
  if (second === first) return new Date(instant).toISOString();
  // Near a change: the other offset is right when it maps back to the same wall-clock time;
  // otherwise the time was skipped and the first reading (an hour later) stands.
  const other = guess - second * 60_000;
  const fits = zoneOffsetMinutes(other, timeZone) === second;
  return new Date(fits ? other : instant).toISOString();
}

/** An instant as the wall-clock time of a zone, for a datetime-local field ("2026-03-10T09:30"). */
export function isoToZonedLocal(iso: string | Date, timeZone: string): string {
  const instant = new Date(iso).getTime();
  const shifted = new Date(instant + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The calendar's views: a day or a week (Monday first) in the business's zone. */
export const CALENDAR_VIEWS = ['day', 'week'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** The most appointments one calendar range answers. */
export const CALENDAR_MAX_APPOINTMENTS = 500;
const CALENDAR_MAX_DAYS = 8;

/**
 * GET /api/appointments/calendar?from&to&agentId&test: every appointment starting in [from, to)
 * (at most 8 days), soonest first, cancelled ones included (shown struck through).
 */
export const appointmentCalendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date-time' }),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 date-time' }),
    agentId: z.string().trim().min(1).max(200).optional(),
    test: testFilterQuerySchema,
  })
  .refine(
    (q) => {
      const span = Date.parse(q.to) - Date.parse(q.from);
      return span > 0 && span <= CALENDAR_MAX_DAYS * 86_400_000;
    },
    { error: 'to must be after from, at most 8 days later', path: ['to'] },
  );
export type AppointmentCalendarQuery = z.infer<typeof appointmentCalendarQuerySchema>;

export const appointmentCalendarSchema = z.object({
  data: z.array(appointmentSchema),
  /** More than CALENDAR_MAX_APPOINTMENTS started in the range; the rest are not shown. */
  truncated: z.boolean(),
  timeZone: z.string(),
});
export type AppointmentCalendar = z.infer<typeof appointmentCalendarSchema>;

/** The subject and text of the mail telling a customer their appointment moved or was cancelled. */
export function appointmentChangeMail(input: {
  kind: 'rescheduled' | 'cancelled';
  businessName: string;
  contactName: string;
  service: string;
  /** Already formatted in the business's zone. */
  when: string;
  previousWhen: string;
}): { subject: string; text: string } {
  const hello = input.contactName.trim() ? `Hello ${input.contactName.trim()},` : 'Hello,';
  if (input.kind === 'rescheduled') {
    return {
      subject: `Your appointment with ${input.businessName} has moved`,
      text: `${hello}\n\nYour appointment for ${input.service} has moved from ${input.previousWhen} to ${input.when}.\n\n${input.businessName}`,
    };
  }
  return {
    subject: `Your appointment with ${input.businessName} is cancelled`,
    text: `${hello}\n\nYour appointment for ${input.service} on ${input.previousWhen} is cancelled.\n\n${input.businessName}`,
  };
}

/** A calendar day (YYYY-MM-DD) n days later (or earlier). */
export function addCalendarDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The Monday of the week a day is in. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addCalendarDays(day, -((weekday + 6) % 7));
}

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function zonedDay(iso: string | Date, timeZone: string): string {
  return isoToZonedLocal(iso, timeZone).slice(0, 10);
}

/**
 * The days a calendar view shows and the instants that bound them in the business's zone:
 * from the first day's midnight to the midnight after the last (a day of a clock change is 23
 * or 25 hours long, which the zone conversion takes care of).
 */
export function calendarRange(
  view: CalendarView,
  day: string,
  timeZone: string,
): { days: string[]; from: string; to: string } {
  const first = view === 'week' ? mondayOf(day) : day;
  const count = view === 'week' ? 7 : 1;
  const days = Array.from({ length: count }, (_, i) => addCalendarDays(first, i));
  const from = zonedLocalToIso(`${first}T00:00`, timeZone);
  const to = zonedLocalToIso(`${addCalendarDays(first, count)}T00:00`, timeZone);
  if (!from || !to) throw new Error(`not a calendar day: ${day}`);
  return { days, from, to };
}
