import { ERASE_CALL_WORDS } from '@switchboard/shared/call-logs';
import { permissionMessages } from '@switchboard/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse } from '../../../test/fake-api';
import { buildCallDetail, stubCallLogsApi } from '../testing/fake-call-logs-api';
import { renderCallLogs } from '../testing/render-call-logs';

// From a call's detail: erasing its recording and transcript (Round 3 · 4/10 item 7), and
// calling its caller back (item 6).

const CALL_ID = '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b';
const ERASE = `POST /api/calls/${CALL_ID}/erase`;

async function openDetail(role: 'owner' | 'member' = 'owner') {
  const rendered = renderCallLogs(`?call=${CALL_ID}`, {
    sessionUser: buildSessionUser({ role }),
  });
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByRole('region', { name: 'Transcript' });
  return { ...rendered, dialog };
}

describe('erasing a call', () => {
  it('asks first, saying what goes and what stays, then shows the call erased', async () => {
    const detail = buildCallDetail();
    const erased = {
      ...detail,
      transcript: [],
      recordingUrl: null,
      summary: null,
      customerNumber: null,
      erased: { at: '2026-03-06T10:00:00.000Z', by: 'Dr. Maya Patel' },
    };
    const api = stubCallLogsApi({ handlers: { [ERASE]: () => jsonResponse(erased) } });
    const { dialog, user } = await openDetail();

    await user.click(dialog.getByRole('button', { name: ERASE_CALL_WORDS.title }));
    const confirm = within(
      await screen.findByRole('dialog', { name: `${ERASE_CALL_WORDS.title}?` }),
    );
    expect(confirm.getByText(ERASE_CALL_WORDS.body)).toBeInTheDocument();
    expect(api.calls(ERASE)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: ERASE_CALL_WORDS.confirm }));

    const note = await dialog.findByRole('note');
    expect(note).toHaveTextContent(ERASE_CALL_WORDS.done);
    expect(note).toHaveTextContent('Erased on Mar 6, 2026, 10:00 by Dr. Maya Patel.');
    expect(api.calls(ERASE)).toHaveLength(1);
    expect(dialog.queryByRole('button', { name: ERASE_CALL_WORDS.title })).toBeNull();
  });

  it('keeps the confirmation open with the platform’s reason when erasing fails', async () => {
    stubCallLogsApi({
      handlers: {
        [ERASE]: () =>
          errorResponse(
            502,
            'PLATFORM_ERROR',
            'Failed to erase the call on the voice platform: status 503',
          ),
      },
    });
    const { dialog, user } = await openDetail();
    await user.click(dialog.getByRole('button', { name: ERASE_CALL_WORDS.title }));
    const confirm = within(
      await screen.findByRole('dialog', { name: `${ERASE_CALL_WORDS.title}?` }),
    );
    await user.click(confirm.getByRole('button', { name: ERASE_CALL_WORDS.confirm }));
    expect(await confirm.findByText(/status 503/)).toBeInTheDocument();
    expect(dialog.queryByRole('note')).toBeNull();
  });

  it('shows a member why they cannot, and sends nothing', async () => {
    const api = stubCallLogsApi();
    const { dialog, user } = await openDetail('member');
    const button = dialog.getByRole('button', { name: ERASE_CALL_WORDS.title });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(
      permissionMessages.onlyManagers('erase a call’s recording and transcript'),
    );
    await user.click(button);
    expect(screen.queryByRole('dialog', { name: `${ERASE_CALL_WORDS.title}?` })).toBeNull();
    expect(api.calls(ERASE)).toHaveLength(0);
  });
});

describe('calling the caller back', () => {
  const options = {
    timeZone: 'Europe/Dublin',
    agents: [{ id: 'a1', name: 'Receptionist' }],
    squads: [],
    phoneNumbers: [{ id: 'p1', name: 'Main line · +353 1 555 0100', number: '+35315550100' }],
    imports: [],
  };

  it('calls the number the call came from, with the chosen agent and number', async () => {
    const path = `POST /api/calls/${CALL_ID}/call-back`;
    const api = stubCallLogsApi({
      handlers: {
        'GET /api/campaigns/options': () => jsonResponse(options),
        [path]: () => jsonResponse({ callId: 'call-9' }, { status: 201 }),
      },
    });
    const { dialog, user } = await openDetail();
    await user.click(dialog.getByRole('button', { name: 'Call back' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Call +353 87 123 4567' }));
    expect(modal.getByText(/Your agent calls \+353 87 123 4567 once now/)).toBeInTheDocument();
    await waitFor(() => expect(modal.getByRole('button', { name: 'Call now' })).toBeEnabled());
    await user.click(modal.getByRole('button', { name: 'Call now' }));
    await waitFor(() =>
      expect(api.calls(path)[0]?.body).toEqual({ agentId: 'a1', phoneNumberId: 'p1' }),
    );
  });

  it('is greyed for a member, with the reason', async () => {
    stubCallLogsApi();
    const { dialog } = await openDetail('member');
    expect(dialog.getByRole('button', { name: 'Call back' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
