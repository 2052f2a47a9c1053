import { screen, waitFor, within } from '@testing-library/react';
import {
  integrationMessages,
  type CalendarFeed,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@switchboard/shared/integrations';
import { describe, expect, it } from 'vitest';
import {
  buildBusiness,
  buildMemberUser,
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
} from '../../test/fake-api';
import { renderApp } from '../../test/render';

const business = buildBusiness();
const owner = buildSessionUser({ role: 'owner' });
const member = buildMemberUser();
const manager = buildSessionUser({ id: 'user-3', role: 'manager', userName: 'max@b.example' });

const feedUrl =
  'https://switchboard.example/api/calendar-feeds/abcDEF0123456789abcDEF0123456789abcDEF01234.ics';
const feed: CalendarFeed = {
  feed: {
    url: feedUrl,
    webcalUrl: feedUrl.replace('https:', 'webcal:'),
    createdAt: '2026-11-20T15:00:00.000Z',
    lastReadAt: null,
  },
};
const endpoint: WebhookEndpoint = {
  id: 'endpoint-1',
  url: 'https://hooks.zapier.com/hooks/catch/1/abc',
  description: 'Zapier',
  events: ['enquiry.created', 'appointment.booked'],
  enabled: true,
  createdAt: '2026-11-20T15:00:00.000Z',
  lastDelivery: { status: 'failed', at: '2026-11-21T15:00:00.000Z', statusCode: 500 },
};
const deliveries: WebhookDeliveryList = {
  timeZone: 'America/New_York',
  data: [
    {
      id: 'delivery-1',
      messageId: 'msg_delivery1',
      eventType: 'enquiry.created',
      status: 'failed',
      createdAt: '2026-11-21T15:00:00.000Z',
      nextAttemptAt: null,
      attempts: [
        {
          id: 'attempt-1',
          at: '2026-11-21T15:00:00.000Z',
          durationMs: 42,
          statusCode: 500,
          ok: false,
          error: 'The receiver answered 500',
          trigger: 'automatic',
        },
      ],
    },
  ],
};

function integrationsApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi(
    {
      'GET /api/business': () => jsonResponse(business),
      'GET /api/integrations/calendar-feed': () => jsonResponse({ feed: null }),
      'GET /api/integrations/webhooks': () =>
        jsonResponse({ data: [endpoint], publicOnly: true } satisfies WebhookEndpointList),
      'GET /api/integrations/webhooks/endpoint-1/deliveries': () => jsonResponse(deliveries),
      ...extra,
    },
    { session: owner },
  );
}

describe('Settings → Integrations', () => {
  it('an owner makes the calendar address, then is asked before a new one replaces it', async () => {
    let current: CalendarFeed = { feed: null };
    const api = integrationsApi({
      'GET /api/integrations/calendar-feed': () => jsonResponse(current),
      'POST /api/integrations/calendar-feed': () => {
        current = feed;
        return jsonResponse(feed, { status: 201 });
      },
      'DELETE /api/integrations/calendar-feed': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/settings?section=integrations');
    await user.click(await screen.findByRole('button', { name: 'Make a calendar address' }));
    expect(await screen.findByDisplayValue(feedUrl)).toBeInTheDocument();
    expect(screen.getByText(/customers’ names\s+and phone numbers/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open it in Calendar' })).toHaveAttribute(
      'href',
      feedUrl.replace('https:', 'webcal:'),
    );

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    const ask = await screen.findByRole('dialog', { name: 'Make a new calendar address?' });
    expect(within(ask).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST /api/integrations/calendar-feed')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    await user.click(within(off).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(api.calls('DELETE /api/integrations/calendar-feed')).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Make a calendar address' })).toBeVisible();
  });

  it('adding a webhook: the server’s refusal under the address, then the secret shown once', async () => {
    let refuse = true;
    const api = integrationsApi({
      'POST /api/integrations/webhooks': () =>
        refuse
          ? errorResponse(400, 'VALIDATION_ERROR', integrationMessages.urlLocal)
          : jsonResponse(
              { ...endpoint, id: 'endpoint-2', secret: 'whsec_c2VjcmV0' },
              { status: 201 },
            ),
    });
    const { user } = renderApp('/settings?section=integrations');
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    expect(within(dialog).getByText(/A public https:\/\/ address/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Address \(URL\)/), 'https://10.0.0.1/hook');
    // Every event is chosen to begin with; leave out one.
    await user.click(within(dialog).getByLabelText('Call ended'));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText(integrationMessages.urlLocal)).toBeInTheDocument();
    expect(api.calls('POST /api/integrations/webhooks')[0]?.body).toEqual({
      url: 'https://10.0.0.1/hook',
      description: '',
      events: [
        'enquiry.created',
        'appointment.booked',
        'appointment.changed',
        'appointment.cancelled',
      ],
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('dialog', { name: /copy its signing secret/ });
    expect(within(secret).getByDisplayValue('whsec_c2VjcmV0')).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByDisplayValue('whsec_c2VjcmV0')).toBeNull());
  });

  it('the delivery log shows each attempt in words, and Resend sends it again', async () => {
    const api = integrationsApi({
      'POST /api/integrations/webhooks/endpoint-1/deliveries/delivery-1/resend': () =>
        new Response(null, { status: 202 }),
    });
    const { user } = renderApp('/settings?section=integrations');
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('dialog', { name: 'Delivery log' });
    const delivery = await within(log).findByLabelText('Enquiry created delivery');
    expect(within(delivery).getByText('Failed')).toBeInTheDocument();
    // One line per attempt: when, what came back, how long (in the business's time zone).
    expect(within(delivery).getByRole('listitem')).toHaveTextContent(
      /^Nov 21, 2026, \d\d:00 · The receiver answered 500 · 42 ms$/,
    );
    await user.click(within(delivery).getByRole('button', { name: /Resend/ }));
    await waitFor(() =>
      expect(
        api.calls('POST /api/integrations/webhooks/endpoint-1/deliveries/delivery-1/resend'),
      ).toHaveLength(1),
    );
  });

  it('asks before deleting a webhook', async () => {
    const api = integrationsApi({
      'DELETE /api/integrations/webhooks/endpoint-1': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/settings?section=integrations');
    await user.click(
      await screen.findByRole('button', { name: `Delete the webhook ${endpoint.url}` }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(api.calls('DELETE /api/integrations/webhooks/endpoint-1')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() =>
      expect(api.calls('DELETE /api/integrations/webhooks/endpoint-1')).toHaveLength(1),
    );
  });

  it.each([
    ['member', member],
    ['manager', manager],
  ])('a %s has no Integrations tab, and its address opens the profile', async (_label, session) => {
    const api = stubApi({ 'GET /api/business': () => jsonResponse(business) }, { session });
    renderApp('/settings?section=integrations');
    expect(await screen.findByRole('tab', { name: 'Team' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Integrations' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(api.requests.some((request) => request.path.startsWith('/api/integrations'))).toBe(
      false,
    );
  });
});
