import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildEmailLog, buildEnquiry, stubEnquiriesApi } from '../testing/fake-enquiries-api';
import { selectOption } from '../../../test/combobox';

const CONTACT_SCREEN = '/agent/agent-1/enquiries/contact-1';

describe('a contact’s enquiries under an agent', () => {
  it('lists them for that agent; opening an unread one marks it read; the message stays text', async () => {
    const api = stubEnquiriesApi();
    const { user } = renderApp(CONTACT_SCREEN);
    const control = await screen.findByRole('button', { name: 'Insurance question (unread)' });
    expect(
      Object.fromEntries(api.calls('GET /api/contacts/contact-1/enquiries')[0]!.search),
    ).toEqual({ page: '1', limit: '20', agentId: 'agent-1' });

    await user.click(control);

    await waitFor(() =>
      expect(api.calls('PATCH /api/contacts/enquiries/enquiry-1/mark-read')).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Insurance question' })).toBeInTheDocument();
    // Plain text: the markup shows as typed, never as markup.
    expect(screen.getByText(/<b>not bold<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('changes the status and toggles read/unread with the seed’s calls', async () => {
    const api = stubEnquiriesApi({ enquiries: [buildEnquiry({ isRead: true })] });
    const { user } = renderApp(CONTACT_SCREEN);
    await user.click(await screen.findByRole('button', { name: 'Insurance question' }));

    await selectOption(user, await screen.findByRole('combobox', { name: 'Status' }), 'Resolved');
    // Saying why: the reason goes with the change, into the enquiry's history.
    const dialog = await screen.findByRole('dialog', { name: 'Set the status to Resolved' });
    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Answered by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Set status' }));
    await waitFor(() =>
      expect(
        api.calls('PATCH /api/contacts/enquiries/enquiry-1/status').map((r) => r.body),
      ).toEqual([{ status: 'resolved', reason: 'Answered by phone' }]),
    );

    await user.click(screen.getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/contacts/enquiries/enquiry-1/mark-unread')).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
  });

  it('sends a reply once, with one idempotency key, and shows the server’s refusal', async () => {
    let attempts = 0;
    const api = stubEnquiriesApi({
      enquiries: [buildEnquiry({ isRead: true })],
      handlers: {
        'POST /api/contacts/enquiries/enquiry-1/send-reply': () => {
          attempts += 1;
          return attempts === 1
            ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'The mail queue is not available right now')
            : jsonResponse(buildEmailLog({ status: 'queued' }), { status: 202 });
        },
      },
    });
    const { user } = renderApp(CONTACT_SCREEN);
    await user.click(await screen.findByRole('button', { name: 'Insurance question' }));
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply by email' });
    expect(within(dialog).getByText('Ann Murphy <ann@example.com>')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Subject/ })).toHaveValue(
      'Re: Insurance question',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Message is required')).toBeInTheDocument();
    expect(api.calls('POST /api/contacts/enquiries/enquiry-1/send-reply')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Yes, it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The mail queue is not available right now',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const sent = api.calls('POST /api/contacts/enquiries/enquiry-1/send-reply');
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((request) => request.body as Record<string, string>);
    expect(first).toMatchObject({ subject: 'Re: Insurance question', body: 'Yes, it is.' });
    // The retry after a failure is the same reply: the same key.
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says "Failed to fetch enquiries" with the server’s reason', async () => {
    stubEnquiriesApi({
      handlers: {
        'GET /api/contacts/contact-1/enquiries': () =>
          errorResponse(404, 'NOT_FOUND', 'Contact not found'),
      },
    });
    renderApp(CONTACT_SCREEN);
    expect(
      await screen.findByText('Failed to fetch enquiries: Contact not found'),
    ).toBeInTheDocument();
  });
});

describe('the enquiries inbox', () => {
  it('filters by status and unread through the URL and links to the contact’s screen', async () => {
    const api = stubEnquiriesApi({
      enquiries: [
        buildEnquiry({ id: 'e1', subject: 'Open one' }),
        buildEnquiry({ id: 'e2', subject: 'Closed one', status: 'closed', isRead: true }),
      ],
    });
    const { user, router } = renderApp('/enquiries?unread=1');
    expect(await screen.findByRole('link', { name: 'Open one' })).toHaveAttribute(
      'href',
      '/agent/agent-1/enquiries/contact-1?open=e1',
    );
    expect(screen.queryByText('Closed one')).not.toBeInTheDocument();
    expect(Object.fromEntries(api.calls('GET /api/enquiries')[0]!.search)).toMatchObject({
      unread: 'true',
    });

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await selectOption(user, await screen.findByRole('combobox', { name: 'Status' }), 'Closed');

    expect(await screen.findByRole('link', { name: 'Closed one' })).toBeInTheDocument();
    expect(screen.queryByText('Open one')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=closed');
  });

  it('marks unread rows in their first column, and says when the filters match none', async () => {
    stubEnquiriesApi({
      enquiries: [
        buildEnquiry({ id: 'e1', subject: 'Open one' }),
        buildEnquiry({ id: 'e2', subject: 'Closed one', status: 'closed', isRead: true }),
      ],
    });
    const { user } = renderApp('/enquiries');
    const table = await screen.findByRole('table', { name: 'Enquiries', busy: false });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Read');
    const open = (await screen.findByRole('link', { name: 'Open one' })).closest('tr')!;
    expect(within(open).getByLabelText('Unread')).toBeInTheDocument();
    const closed = screen.getByRole('link', { name: 'Closed one' }).closest('tr')!;
    expect(within(closed).getByLabelText('Read')).toBeInTheDocument();

    await selectOption(user, screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    expect(await screen.findByText('No enquiries match these filters')).toBeInTheDocument();
    expect(screen.getByText('Change or clear the filters to see more.')).toBeInTheDocument();
  });

  it('shows the unread count in the navigation', async () => {
    stubEnquiriesApi({ enquiries: [buildEnquiry({ id: 'e1' }), buildEnquiry({ id: 'e2' })] });
    renderApp('/enquiries');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByLabelText('2 unread')).toBeInTheDocument();
  });
});

describe('an enquiry’s email log', () => {
  it('shows status, time and error, and retries a failed reply', async () => {
    const api = stubEnquiriesApi({
      logs: [
        buildEmailLog({
          id: 'log-2',
          status: 'failed',
          lastError: 'connect ECONNREFUSED',
          sentAt: null,
        }),
        buildEmailLog(),
      ],
      handlers: {
        'POST /api/email-logs/log-2/retry': () =>
          jsonResponse(buildEmailLog({ id: 'log-2', status: 'queued', attempts: 0 })),
      },
    });
    const { user } = renderApp('/agent/agent-1/enquiries/contact-1/email-logs/enquiry-1');
    expect(await screen.findByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
    // One Retry: only the failed one has it.
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.calls('POST /api/email-logs/log-2/retry')).toHaveLength(1));
  });
});

describe('deep links, the conversation, priority and test marks', () => {
  it('lands with the linked enquiry open and read, its conversation shown', async () => {
    const api = stubEnquiriesApi({
      thread: [
        {
          kind: 'reply',
          id: 'r1',
          at: '2026-03-05T15:00:00.000Z',
          subject: 'Re: Insurance question',
          body: 'Could you come in on Tuesday?',
          toAddress: 'ann@example.com',
          status: 'sent',
          sentBy: 'demo@brightsmile.example',
        },
        {
          kind: 'inbound',
          id: 'i1',
          at: '2026-03-05T16:00:00.000Z',
          subject: 'Re: Re: Insurance question',
          body: 'Tuesday at 10 works.',
          fromAddress: 'ann@example.com',
          fromName: 'Ann Murphy',
          channel: 'postmark',
        },
        {
          kind: 'status',
          id: 's1',
          at: '2026-03-05T16:00:00.000Z',
          fromStatus: 'pending',
          toStatus: 'open',
          cause: 'customer-replied',
          by: null,
          reason: 'Email from ann@example.com',
        },
      ],
    });
    renderApp(`${CONTACT_SCREEN}?open=enquiry-1`);
    expect(await screen.findByText('Tuesday at 10 works.')).toBeInTheDocument();
    expect(screen.getByText('Ann Murphy answered')).toBeInTheDocument();
    expect(screen.getByText('Could you come in on Tuesday?')).toBeInTheDocument();
    expect(screen.getByText('Status Pending → Open')).toBeInTheDocument();
    expect(
      screen.getByText('the customer replied: Email from ann@example.com'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('PATCH /api/contacts/enquiries/enquiry-1/mark-read')).toHaveLength(1),
    );
  });

  it('marks an enquiry urgent, and the inbox shows and filters urgent and test ones', async () => {
    const api = stubEnquiriesApi({
      enquiries: [
        buildEnquiry({ id: 'e1', subject: 'From a test call', isTest: true }),
        buildEnquiry({ id: 'e2', subject: 'Burst pipe', priority: 'urgent' }),
      ],
    });
    const { user, router } = renderApp('/enquiries');
    const testRow = (await screen.findByRole('link', { name: 'From a test call' })).closest('tr')!;
    expect(within(testRow).getByText('Test')).toBeInTheDocument();
    const urgentRow = screen.getByRole('link', { name: 'Burst pipe' }).closest('tr')!;
    expect(within(urgentRow).getByText('Urgent')).toBeInTheDocument();

    await selectOption(user, screen.getByRole('combobox', { name: 'Test calls' }), 'Test only');
    await waitFor(() => expect(router.state.location.search).toBe('?test=only'));
    expect(await screen.findByRole('link', { name: 'From a test call' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Burst pipe')).not.toBeInTheDocument());

    // The search applies as you type.
    await selectOption(
      user,
      screen.getByRole('combobox', { name: 'Test calls' }),
      'Include test calls',
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'burst');
    await waitFor(() => expect(router.state.location.search).toBe('?q=burst'));
    await waitFor(() => expect(screen.queryByText('From a test call')).not.toBeInTheDocument());
    expect(api.calls('GET /api/enquiries').some((call) => call.search.get('q') === 'burst')).toBe(
      true,
    );
  });

  it('sets the priority from the enquiry', async () => {
    const api = stubEnquiriesApi({ enquiries: [buildEnquiry({ isRead: true })] });
    const { user } = renderApp(CONTACT_SCREEN);
    await user.click(await screen.findByRole('button', { name: 'Insurance question' }));
    await user.click(await screen.findByRole('button', { name: 'Mark urgent' }));
    await waitFor(() =>
      expect(
        api.calls('PATCH /api/contacts/enquiries/enquiry-1/priority').map((r) => r.body),
      ).toEqual([{ priority: 'urgent' }]),
    );
    expect(await screen.findByRole('button', { name: 'Not urgent' })).toBeInTheDocument();
  });
});
