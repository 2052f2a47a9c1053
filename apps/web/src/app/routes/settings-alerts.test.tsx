import { screen, waitFor, within } from '@testing-library/react';
import type { AlertOverview, AlertRule } from '@switchboard/shared/alerts';
import { describe, expect, it } from 'vitest';
import {
  buildAdminUser,
  buildMemberUser,
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
} from '../../test/fake-api';
import { buildAgent } from '../../test/fake-agents-api';
import { selectOption } from '../../test/combobox';
import { renderApp } from '../../test/render';

const owner = buildSessionUser({ role: 'owner' });
const member = buildMemberUser();
const agent = buildAgent({ id: 'asst-front', name: 'Front Desk' });

const firing: AlertRule = {
  id: 'rule-1',
  agentId: 'asst-front',
  agentName: 'Front Desk',
  condition: { kind: 'success_rate', belowPercent: 60, over: 'calls', count: 20 },
  description: 'Success rate below 60 % over the last 20 calls',
  enabled: true,
  state: 'firing',
  stateSince: '2026-03-10T15:00:00.000Z',
  lastEvaluatedAt: '2026-03-10T15:05:00.000Z',
  createdAt: '2026-03-01T15:00:00.000Z',
};

const overview: AlertOverview = {
  rules: [firing],
  events: [
    {
      id: 'event-1',
      ruleId: 'rule-1',
      kind: 'fired',
      title: 'Front Desk: success rate 30%',
      message:
        "14 callers of 20 did not get what they called for: Front Desk's success rate is 30% over the last 20 calls, below your 60 %.",
      link: '/agent/asst-front/call-logs?tab=failed',
      createdAt: '2026-03-10T15:00:00.000Z',
    },
  ],
};

function alertsApi(session = owner, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi(
    {
      'GET /api/alerts': () => jsonResponse(overview),
      'GET /api/agents': () => jsonResponse({ data: [agent] }),
      'GET /api/account/digest': () => jsonResponse({ frequency: 'off' }),
      ...extra,
    },
    { session },
  );
}

describe('settings → alerts', () => {
  it('shows each alert in plain words with its state, and the history in the business zone', async () => {
    alertsApi(member);
    renderApp('/settings?section=alerts');
    expect(
      await screen.findByText('Success rate below 60 % over the last 20 calls'),
    ).toBeInTheDocument();
    // 15:00Z is 15:00 in Dublin (GMT until 29 March).
    expect(screen.getByText('Firing since Mar 10, 2026, 15:00')).toBeInTheDocument();
    const history = screen.getByLabelText('Alert history');
    expect(within(history).getByText('Front Desk: success rate 30%')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'See it' })).toHaveAttribute(
      'href',
      '/agent/asst-front/call-logs?tab=failed',
    );
    // A member reads; only an owner sets.
    expect(screen.getByText(/Only an owner of the business can set alerts/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set alert' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('an owner builds an alert in words; a closing time before the opening one is refused before sending', async () => {
    const api = alertsApi(owner, {
      'POST /api/alerts': () => jsonResponse({ ...firing, id: 'rule-2' }, { status: 201 }),
    });
    const { user } = renderApp('/settings?section=alerts');
    await selectOption(user, await screen.findByRole('combobox', { name: 'Watch' }), 'Front Desk');
    await selectOption(
      user,
      screen.getByRole('combobox', { name: 'Tell me when' }),
      'No calls during opening hours',
    );
    await selectOption(user, screen.getByRole('combobox', { name: 'Closing time' }), '08:00');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')).toHaveLength(0);

    await selectOption(user, screen.getByRole('combobox', { name: 'Closing time' }), '18:30');
    await user.click(screen.getByRole('checkbox', { name: 'Sat' }));
    const hours = screen.getByRole('textbox', { name: 'Hours without a call' });
    await user.clear(hours);
    await user.type(hours, '4');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(api.calls('POST /api/alerts')).toHaveLength(1));
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({
      agentId: 'asst-front',
      enabled: true,
      condition: {
        kind: 'no_calls',
        hours: 4,
        openFrom: 540,
        openTo: 1110,
        days: [1, 2, 3, 4, 5, 6],
      },
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    alertsApi(owner, {
      'POST /api/alerts': () =>
        errorResponse(400, 'VALIDATION_ERROR', 'Invalid request', {
          issues: [
            {
              path: 'body.condition.aboveDollars',
              message: 'The cost must be at most $100000.00',
            },
          ],
        }),
    });
    const { user } = renderApp('/settings?section=alerts');
    await selectOption(
      user,
      await screen.findByRole('combobox', { name: 'Tell me when' }),
      'Calls cost too much in a day',
    );
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('The cost must be at most $100000.00')).toBeInTheDocument();
  });

  it('the digest is each user’s own choice on their Notifications tab', async () => {
    const api = alertsApi(member, {
      'PUT /api/account/digest': () => jsonResponse({ frequency: 'weekly' }),
    });
    const { user } = renderApp('/settings?section=notifications');
    await user.click(await screen.findByRole('radio', { name: /Weekly/ }));
    await waitFor(() => expect(api.calls('PUT /api/account/digest')).toHaveLength(1));
    expect(api.calls('PUT /api/account/digest')[0]?.body).toEqual({ frequency: 'weekly' });
  });

  it('the operator sets alerts of its own on a business from the businesses list', async () => {
    const api = stubApi(
      {
        'GET /api/admin/businesses': () =>
          jsonResponse({
            data: [
              {
                id: 'b1',
                name: 'Bright Smile Dental',
                email: 'office@b.example',
                country: 'Ireland',
                timezone: 'Europe/Dublin',
                createdAt: '2026-03-05T14:07:00.000Z',
                agentCount: 1,
                userCount: 2,
              },
            ],
            meta: { total: 1, page: 1, limit: 10, totalPages: 1, hasNext: false, hasPrev: false },
          }),
        'GET /api/admin/businesses/b1/alerts': () => jsonResponse({ rules: [], events: [] }),
        'GET /api/agents': () =>
          jsonResponse({
            data: [
              { ...agent, businessId: 'b1' },
              buildAgent({ id: 'asst-other', name: 'Other', businessId: 'b2' }),
            ],
          }),
        'POST /api/admin/businesses/b1/alerts': () => jsonResponse(firing, { status: 201 }),
      },
      { session: buildAdminUser() },
    );
    const { user } = renderApp('/admin/businesses');
    await user.click(
      await screen.findByRole('button', { name: 'Your alerts on Bright Smile Dental' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Your alerts on Bright Smile Dental',
    });
    expect(await within(dialog).findByText(/tells the operators/)).toBeInTheDocument();
    const watch = within(dialog).getByRole('combobox', { name: 'Watch' });
    await user.click(watch);
    // Only the business's own agents are offered.
    expect(await screen.findByRole('option', { name: 'Front Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Other' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Front Desk' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(api.calls('POST /api/admin/businesses/b1/alerts')).toHaveLength(1));
    expect(api.calls('POST /api/admin/businesses/b1/alerts')[0]?.body).toMatchObject({
      agentId: 'asst-front',
    });
  });
});
