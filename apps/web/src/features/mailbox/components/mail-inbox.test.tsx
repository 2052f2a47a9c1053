import type { MailboxMessage } from '@switchboard/shared/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

function buildMessage(overrides: Partial<MailboxMessage> = {}): MailboxMessage {
  return {
    id: 'm1',
    fromAddress: 'Switchboard <no-reply@switchboard.localhost>',
    toAddress: 'office@acme.com',
    subject: 'Set your Switchboard password',
    textBody: `Hello,\n\nSet your password: ${window.location.origin}/set-password?token=abc.\nNot ours: https://evil.example/set-password?token=abc\n<b>not bold</b>`,
    deliveredAt: '2026-03-05T14:07:00.000Z',
    ...overrides,
  };
}

const meta = { total: 1, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false };

describe('admin mailbox', () => {
  it('lists delivered mail and opens a message, with only our own links clickable', async () => {
    stubApi(
      { 'GET /api/admin/mail': () => jsonResponse({ data: [buildMessage()], meta }) },
      { session: buildAdminUser() },
    );
    const { user, router } = renderApp('/admin/mail');

    await user.click(await screen.findByRole('button', { name: /office@acme\.com/ }));

    const message = await screen.findByRole('article', { name: 'Set your Switchboard password' });
    expect(router.state.location.search).toBe('?message=m1');
    const links = within(message).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `${window.location.origin}/set-password?token=abc`);
    const body = within(message).getByTestId('mail-body');
    expect(body).toHaveTextContent('https://evil.example/set-password?token=abc');
    expect(body).toHaveTextContent('<b>not bold</b>');
    expect(body.querySelector('b')).toBeNull();
  });

  it('says when the mailbox is empty', async () => {
    stubApi(
      {
        'GET /api/admin/mail': () =>
          jsonResponse({ data: [], meta: { ...meta, total: 0, totalPages: 0 } }),
      },
      { session: buildAdminUser() },
    );
    renderApp('/admin/mail');
    expect(await screen.findByText('The mailbox is empty')).toBeInTheDocument();
  });

  it('shows the outbox with each message’s status, attempts and error', async () => {
    stubApi(
      {
        'GET /api/admin/mail/outbox': () =>
          jsonResponse({
            data: [
              {
                id: 'o1',
                kind: 'set-password',
                fromAddress: 'no-reply@switchboard.localhost',
                toAddress: 'office@acme.com',
                subject: 'Set your Switchboard password',
                status: 'failed',
                attempts: 6,
                lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
                nextAttemptAt: '2026-03-05T15:07:00.000Z',
                sentAt: null,
                createdAt: '2026-03-05T14:07:00.000Z',
              },
            ],
            meta,
          }),
      },
      { session: buildAdminUser() },
    );
    const { user } = renderApp('/admin/mail');

    await user.click(await screen.findByRole('tab', { name: 'Outbox' }));

    const row = (await screen.findByText('connect ECONNREFUSED 127.0.0.1:2525')).closest('tr');
    if (!row) throw new Error('no outbox row');
    expect(within(row).getByText('failed')).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByText('set-password')).toBeInTheDocument();
  });

  it('says what went wrong when the mailbox cannot be loaded, and retries', async () => {
    let fail = true;
    stubApi(
      {
        'GET /api/admin/mail': () =>
          fail
            ? errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong on our side')
            : jsonResponse({ data: [buildMessage()], meta }),
      },
      { session: buildAdminUser() },
    );
    const { user } = renderApp('/admin/mail');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the mailbox');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /office@acme\.com/ })).toBeInTheDocument(),
    );
  });
});
