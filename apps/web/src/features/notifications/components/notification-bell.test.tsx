import { screen, waitFor } from '@testing-library/react';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationPreferences,
} from '@switchboard/shared/notifications';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildAdminUser, buildSessionUser, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const owner = buildSessionUser({
  role: 'owner',
  business: {
    id: 'business-1',
    name: 'Bright Smile Dental',
    timezone: 'America/New_York',
    country: 'United States',
  },
});

function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    kind: 'enquiry-new',
    title: 'New enquiry from Ann Lee',
    body: 'Whitening — how much?',
    link: '/enquiries',
    createdAt: '2026-03-05T19:07:00.000Z',
    readAt: null,
    ...overrides,
  };
}

function preferences(off: { kind: string; channel: string }[] = []): NotificationPreferences {
  return {
    preferences: NOTIFICATION_KINDS.flatMap((kind) =>
      NOTIFICATION_CHANNELS.map((channel) => ({
        kind,
        channel,
        enabled: !off.some((o) => o.kind === kind && o.channel === channel),
      })),
    ),
    pushPublicKey: 'BPublicKey',
    pushDevices: 0,
    hasEmail: true,
  };
}

describe('the notification bell', () => {
  it('shows the unread count, lists the latest, and opening one marks it read and goes there', async () => {
    const items = [
      buildNotification(),
      buildNotification({
        id: 'n2',
        kind: 'appointment-cancelled',
        title: 'Appointment cancelled: Bo Chen',
        body: 'Cleaning, Mar 6, 2026, 09:00',
        link: '/appointments',
        readAt: '2026-03-05T18:00:00.000Z',
      }),
    ];
    const { requests } = stubApi(
      {
        'GET /api/notifications': () => jsonResponse({ items, unread: 1 }),
        'POST /api/notifications/n1/read': () =>
          jsonResponse({ ...items[0], readAt: '2026-03-05T19:10:00.000Z' }),
        'GET /api/notifications/preferences': () => jsonResponse(preferences()),
      },
      { session: owner },
    );
    const { user, router } = renderApp('/settings?section=notifications');

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const unread = await screen.findByRole('button', { name: /New enquiry from Ann Lee/ });
    // In the business's time zone (New York), as every screen shows times.
    expect(unread).toHaveTextContent('Mar 5, 2026, 14:07 · unread');
    expect(screen.getByRole('button', { name: /Appointment cancelled/ })).not.toHaveTextContent(
      'unread',
    );

    await user.click(unread);
    await waitFor(() => expect(router.state.location.pathname).toBe('/enquiries'));
    expect(
      requests.some((r) => r.method === 'POST' && r.path === '/api/notifications/n1/read'),
    ).toBe(true);
  });

  it('marks all read, and says when there is nothing yet', async () => {
    let unread = 2;
    const { requests } = stubApi(
      {
        'GET /api/notifications': () =>
          jsonResponse({
            items: unread ? [buildNotification(), buildNotification({ id: 'n3' })] : [],
            unread,
          }),
        'POST /api/notifications/read-all': () => {
          unread = 0;
          return jsonResponse({ updated: 2 });
        },
        'GET /api/notifications/preferences': () => jsonResponse(preferences()),
      },
      { session: owner },
    );
    const { user } = renderApp('/settings?section=notifications');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
    expect(await screen.findByText(/Nothing yet/)).toBeVisible();
    expect(requests.filter((r) => r.path === '/api/notifications/read-all')).toHaveLength(1);
  });

  it('is there for the operator too, with their own settings tab', async () => {
    stubApi(
      {
        'GET /api/notifications': () =>
          jsonResponse({
            items: [
              buildNotification({
                title: 'New enquiry from Acme Vets',
                link: '/admin/service-enquiries',
              }),
            ],
            unread: 1,
          }),
        'GET /api/notifications/preferences': () => jsonResponse(preferences()),
      },
      { session: buildAdminUser() },
    );
    renderApp('/settings?section=notifications');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Team' })).toBeNull();
  });

  it('formats its times only once opened: the closed bell starts no date formatting', async () => {
    // A zone no other test formats in, so the shared formatter cache has none for it yet.
    const zone = 'Pacific/Chatham';
    const zonesMade: (string | undefined)[] = [];
    const Original = Intl.DateTimeFormat;
    class Counted extends Original {
      constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
        super(locales, options);
        zonesMade.push(options?.timeZone);
      }
    }
    Intl.DateTimeFormat = Counted as typeof Intl.DateTimeFormat;
    onTestFinished(() => {
      Intl.DateTimeFormat = Original;
    });
    const madeForZone = () => zonesMade.filter((made) => made === zone).length;
    stubApi(
      {
        'GET /api/notifications': () => jsonResponse({ items: [buildNotification()], unread: 1 }),
        'GET /api/notifications/preferences': () => jsonResponse(preferences()),
      },
      {
        session: buildSessionUser({
          role: 'owner',
          business: { ...owner.business!, timezone: zone },
        }),
      },
    );
    const { user } = renderApp('/settings?section=notifications');

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(madeForZone()).toBe(0);
    await user.click(bell);
    // 19:07 UTC is 08:52 the next day on the Chatham Islands (UTC+13:45 in March).
    expect(
      await screen.findByRole('button', { name: /New enquiry from Ann Lee/ }),
    ).toHaveTextContent('Mar 6, 2026, 08:52 · unread');
    expect(madeForZone()).toBeGreaterThan(0);
  });
});

describe('Settings → Notifications', () => {
  it('shows each kind × channel and saves a switch as it is flipped', async () => {
    let current = preferences([{ kind: 'alert', channel: 'email' }]);
    const { requests } = stubApi(
      {
        'GET /api/notifications': () => jsonResponse({ items: [], unread: 0 }),
        'GET /api/notifications/preferences': () => jsonResponse(current),
        'PUT /api/notifications/preferences': (request) => {
          const body = request.body as {
            preferences: { kind: string; channel: string; enabled: boolean }[];
          };
          current = preferences([
            { kind: 'alert', channel: 'email' },
            ...body.preferences.filter((p) => !p.enabled),
          ]);
          return jsonResponse(current);
        },
      },
      { session: owner },
    );
    const { user } = renderApp('/settings?section=notifications');

    const alertByMail = await screen.findByRole('switch', { name: 'Alert: Email' });
    expect(alertByMail).not.toBeChecked();
    expect(
      screen.getAllByRole('switch', { name: /: (In the app|Email|Browser push)$/ }),
    ).toHaveLength(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length);
    const urgentPush = screen.getByRole('switch', { name: 'Urgent enquiry: Browser push' });
    expect(urgentPush).toBeChecked();
    await user.click(urgentPush);
    await waitFor(() => expect(urgentPush).not.toBeChecked());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      preferences: [{ kind: 'enquiry-urgent', channel: 'push', enabled: false }],
    });
    // jsdom has no push: the page says so instead of offering a switch that cannot work.
    expect(screen.getByText(/This browser cannot receive push notifications here/)).toBeVisible();
    expect(screen.getByText('No browser receives your push notifications yet.')).toBeVisible();
  });
});
