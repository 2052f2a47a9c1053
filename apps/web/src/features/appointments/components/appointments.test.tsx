import {
  addCalendarDays,
  appointmentMessages,
  zonedDay,
  zonedLocalToIso,
  type Appointment,
} from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import { buildPaginationMeta, type PaginationMeta } from '@switchboard/shared/pagination';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
  type ApiRequest,
} from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { selectOption } from '../../../test/combobox';

const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const session = buildSessionUser({
  business: { id: 'business-1', name: 'Bright Smile Dental', timezone: ZONE, country: 'US' },
});

function buildAppointment(n: number, overrides: Partial<Appointment> = {}): Appointment {
  const startsAt = new Date(Date.parse('2030-01-10T14:00:00Z') + n * HOUR).toISOString();
  return {
    id: `appt-${n}`,
    service: `Service ${n}`,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
    status: 'scheduled',
    notes: null,
    source: 'call',
    contact: { id: `contact-${n}`, name: `Caller ${n}`, phone: '+12125550100', email: null },
    agent: { id: 'asst_front_desk', name: 'Front desk' },
    callId: `call-${n}`,
    isTest: false,
    createdAt: '2029-12-01T10:00:00.000Z',
    updatedAt: '2029-12-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A fake GET /api/appointments paging over `count` appointments; `meta` can override what the
 * server says about the neighbours (the screen must follow it, not compute its own).
 */
function stubAppointmentsApi(
  options: {
    count?: number;
    rows?: Appointment[];
    meta?: Partial<PaginationMeta>;
    handlers?: Record<string, (request: ApiRequest) => Response | Promise<Response>>;
  } = {},
) {
  const all =
    options.rows ?? Array.from({ length: options.count ?? 25 }, (_, i) => buildAppointment(i + 1));
  return stubApi(
    {
      'GET /api/agents': () =>
        jsonResponse({
          data: [
            { id: 'asst_front_desk', name: 'Front desk' },
            { id: 'asst_after_hours', name: 'After hours' },
          ],
        }),
      'GET /api/appointments': (request) => {
        const page = Number(request.search.get('page') ?? 1);
        const limit = Number(request.search.get('limit') ?? 20);
        const rows = all.slice((page - 1) * limit, page * limit);
        return jsonResponse({
          data: rows,
          meta: { ...buildPaginationMeta(all.length, page, limit), ...options.meta },
        });
      },
      ...options.handlers,
    },
    { session },
  );
}

const listRequests = (api: ReturnType<typeof stubApi>) =>
  api.calls('GET /api/appointments').map((request) => Object.fromEntries(request.search));

async function openAppointments(path = '/appointments') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Appointments', level: 2 });
  return app;
}

describe('appointments list', () => {
  it('starts at page 1 with 10 a page, times in the business’s zone', async () => {
    const api = stubAppointmentsApi();
    await openAppointments();

    expect(await screen.findByText('Service 1')).toBeInTheDocument();
    expect(listRequests(api)).toEqual([{ page: '1', limit: '10', tab: 'upcoming' }]);
    expect(screen.getByText('Service 10')).toBeInTheDocument();
    expect(screen.queryByText('Service 11')).not.toBeInTheDocument();
    const row = within(screen.getByText('Service 1').closest('tr')!);
    expect(row.getByText(formatDateTime('2030-01-10T15:00:00.000Z', ZONE))).toBeInTheDocument();
    // 15:00Z is 10:00 in New York in January.
    expect(row.getByText(/Jan 10, 2030, 10:00/)).toBeInTheDocument();
    expect(screen.getByText('1–10 of 25 appointments · page 1 of 3')).toBeInTheDocument();
  });

  it('moves with Next and Previous as meta.hasNext and meta.hasPrev say, keeping the page in the URL', async () => {
    const api = stubAppointmentsApi();
    const { user, router } = await openAppointments();
    await screen.findByText('Service 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Service 11')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(listRequests(api).at(-1)).toEqual({ page: '2', limit: '10', tab: 'upcoming' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Service 21')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Service 11')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('offers no Next when meta.hasNext is false, whatever the total suggests', async () => {
    stubAppointmentsApi({ meta: { hasNext: false, hasPrev: true } });
    await openAppointments();
    await screen.findByText('Service 1');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('resets to page 1 when the page size changes', async () => {
    const api = stubAppointmentsApi();
    const { user, router } = await openAppointments('/appointments?page=3');
    expect(await screen.findByText('Service 21')).toBeInTheDocument();

    await selectOption(user, screen.getByRole('combobox', { name: 'Rows per page' }), '20');

    expect(await screen.findByText('Service 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?limit=20');
    expect(listRequests(api).at(-1)).toEqual({ page: '1', limit: '20', tab: 'upcoming' });
  });

  it('switches tabs and filters by agent from the first page', async () => {
    const api = stubAppointmentsApi();
    const { user, router } = await openAppointments('/appointments?page=2');
    await screen.findByText('Service 11');

    await user.click(screen.getByRole('tab', { name: 'Past' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=past'));
    expect(listRequests(api).at(-1)).toEqual({ page: '1', limit: '10', tab: 'past' });

    await selectOption(user, screen.getByRole('combobox', { name: 'Agent' }), 'After hours');
    await waitFor(() =>
      expect(listRequests(api).at(-1)).toEqual({
        page: '1',
        limit: '10',
        tab: 'past',
        agentId: 'asst_after_hours',
      }),
    );
    expect(router.state.location.search).toBe('?tab=past&agent=asst_after_hours');
  });

  it('filters by one contact from its row, and clears the filter', async () => {
    const api = stubAppointmentsApi();
    const { user, router } = await openAppointments();
    await screen.findByText('Service 1');

    await user.click(screen.getByRole('button', { name: 'Only appointments of Caller 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?contact=contact-2'));
    expect(listRequests(api).at(-1)).toMatchObject({ contactId: 'contact-2', page: '1' });

    await user.click(
      await screen.findByRole('button', { name: "Show every contact's appointments" }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('marks a started appointment completed', async () => {
    const started = buildAppointment(1, {
      id: 'appt-started',
      service: 'Cleaning',
      startsAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      endsAt: new Date(Date.now() - HOUR).toISOString(),
    });
    const api = stubAppointmentsApi({
      rows: [started],
      handlers: {
        'PATCH /api/appointments/appt-started': () =>
          jsonResponse({ ...started, status: 'completed' }),
      },
    });
    const { user } = await openAppointments('/appointments?tab=past');
    await screen.findByText('Cleaning');

    await user.click(screen.getByRole('button', { name: /^Actions for Cleaning/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark completed' }));

    await waitFor(() =>
      expect(api.calls('PATCH /api/appointments/appt-started')[0]?.body).toEqual({
        status: 'completed',
      }),
    );
  });

  it('does not offer an outcome before the appointment starts', async () => {
    stubAppointmentsApi({ count: 1 });
    const { user } = await openAppointments();
    await screen.findByText('Service 1');
    await user.click(screen.getByRole('button', { name: /^Actions for Service 1/ }));
    expect(await screen.findByRole('menuitem', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Cancel appointment' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mark completed' })).not.toBeInTheDocument();
  });

  it('says "Failed to fetch appointments" with the server’s reason', async () => {
    stubAppointmentsApi({
      handlers: {
        'GET /api/appointments': () =>
          errorResponse(503, 'SERVICE_UNAVAILABLE', 'The database is not answering'),
      },
    });
    await openAppointments();
    expect(
      await screen.findByText('Failed to fetch appointments: The database is not answering'),
    ).toBeInTheDocument();
  });

  it('says what each empty tab holds', async () => {
    stubAppointmentsApi({ count: 0 });
    await openAppointments();
    expect(await screen.findByText('No upcoming appointments')).toBeInTheDocument();
  });

  it('adds one by hand: the time picked in the business’s zone, the contact found by search', async () => {
    const api = stubAppointmentsApi({
      count: 0,
      handlers: {
        'GET /api/contacts': () =>
          jsonResponse({
            data: [
              {
                id: 'contact-ana',
                name: 'Ana Lopez',
                phone: '+12125550199',
                email: null,
                company: null,
                notes: null,
                source: 'call',
                importId: null,
                createdAt: '2029-12-01T10:00:00.000Z',
                updatedAt: '2029-12-01T10:00:00.000Z',
              },
            ],
            meta: buildPaginationMeta(1, 1, 20),
          }),
        'POST /api/appointments': () =>
          jsonResponse(buildAppointment(1, { id: 'new' }), { status: 201 }),
      },
    });
    const { user } = await openAppointments();
    await screen.findByText('No upcoming appointments');
    await user.click(screen.getAllByRole('button', { name: 'Add appointment' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add appointment' }));

    await user.click(dialog.getByRole('button', { name: 'Add appointment' }));
    expect(await dialog.findByText(appointmentMessages.contactRequired)).toBeInTheDocument();
    expect(dialog.getByText(appointmentMessages.serviceRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/appointments')).toHaveLength(0);

    await selectOption(user, dialog.getByRole('combobox', { name: /Contact/ }), /Ana Lopez/);
    await user.type(dialog.getByRole('textbox', { name: /Service/ }), 'Cleaning');
    // The picker starts at tomorrow 09:00 in the business's zone (not the browser's).
    const tomorrow = addCalendarDays(zonedDay(new Date(), ZONE), 1);
    expect(
      dialog.getByRole('button', { name: /Starts \(America\/New York time\)/ }),
    ).toHaveTextContent(/, 09:00$/);
    await user.click(dialog.getByRole('button', { name: 'Add appointment' }));

    await waitFor(() =>
      expect(api.calls('POST /api/appointments')[0]?.body).toEqual({
        contactId: 'contact-ana',
        agentId: null,
        service: 'Cleaning',
        startsAt: zonedLocalToIso(`${tomorrow}T09:00`, ZONE),
        durationMinutes: 30,
        notes: null,
      }),
    );
  });
});

describe('rescheduling, cancelling and the calendar', () => {
  it('reschedules with a picker holding the business’s time, and can mail the customer', async () => {
    const row = buildAppointment(0, {
      contact: { id: 'c0', name: 'Ana Lopez', phone: null, email: 'ana@example.com' },
    });
    const api = stubAppointmentsApi({
      rows: [row],
      handlers: { 'PATCH /api/appointments/appt-0': () => jsonResponse(row) },
    });
    const { user } = await openAppointments();
    await screen.findByText('Service 0');
    await user.click(screen.getByRole('button', { name: /^Actions for Service 0/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reschedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reschedule appointment' }));
    // 14:00Z on 10 January is 09:00 in New York, whatever the browser's zone.
    expect(dialog.getByRole('button', { name: /New start/ })).toHaveTextContent(
      '10 Jan 2030, 09:00',
    );
    await user.click(
      dialog.getByRole('checkbox', { name: 'Email ana@example.com about the new time' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Reschedule' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/appointments/appt-0')[0]?.body).toEqual({
        startsAt: '2030-01-10T14:00:00.000Z',
        durationMinutes: 30,
        notifyCustomer: true,
      }),
    );
    expect(await screen.findByText('Appointment rescheduled')).toBeInTheDocument();
  });

  it('cancels, mailing the customer only when asked, and says so', async () => {
    const row = buildAppointment(0);
    const api = stubAppointmentsApi({
      rows: [row],
      handlers: {
        'PATCH /api/appointments/appt-0': () => jsonResponse({ ...row, status: 'cancelled' }),
      },
    });
    const { user } = await openAppointments();
    await screen.findByText('Service 0');
    await user.click(screen.getByRole('button', { name: /^Actions for Service 0/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel appointment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel appointment?' }));
    // No email address: the box cannot be ticked.
    expect(dialog.getByRole('checkbox', { name: /Email the customer/ })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/appointments/appt-0')[0]?.body).toEqual({
        status: 'cancelled',
        notifyCustomer: false,
      }),
    );
    expect(await screen.findByText('Appointment cancelled')).toBeInTheDocument();
  });

  it('shows a week in the business’s zone from its Monday, and moves by weeks', async () => {
    const api = stubAppointmentsApi({
      handlers: {
        'GET /api/appointments/calendar': () =>
          jsonResponse({
            data: [
              buildAppointment(0, {
                startsAt: '2030-01-10T14:00:00.000Z',
                endsAt: '2030-01-10T14:30:00.000Z',
              }),
            ],
            truncated: false,
            timeZone: ZONE,
          }),
      },
    });
    const { user } = await openAppointments('/appointments?view=week&day=2030-01-10');
    const thursday = await screen.findByRole('region', { name: 'Thursday, Jan 10, 2030' });
    expect(await within(thursday).findByText('09:00–09:30')).toBeInTheDocument();
    expect(within(thursday).getByText('Service 0')).toBeInTheDocument();
    const request = Object.fromEntries(api.calls('GET /api/appointments/calendar')[0]!.search);
    // Monday 7 January 2030, midnight in New York (EST, UTC−5), to the next Monday.
    expect(request).toMatchObject({
      from: '2030-01-07T05:00:00.000Z',
      to: '2030-01-14T05:00:00.000Z',
    });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() =>
      expect(api.calls('GET /api/appointments/calendar').at(-1)?.search.get('from')).toBe(
        '2030-01-14T05:00:00.000Z',
      ),
    );
  });
});
