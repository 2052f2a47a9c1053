import type { PlatformLogs } from '@switchboard/shared/platform-logs';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, type ApiRequest } from '../../../test/fake-api';
import { stubCallLogsApi } from '../testing/fake-call-logs-api';
import { renderCallLogs } from '../testing/render-call-logs';

const CALL_ID = '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b';
const LOGS = `GET /api/calls/${CALL_ID}/logs`;

const ENTRIES: PlatformLogs['entries'] = [
  { time: '2026-03-05T14:07:00.000Z', level: 'CHECKPOINT', message: 'Call created' },
  { time: '2026-03-05T14:07:01.250Z', level: 'INFO', message: 'Transport: web call' },
  { time: '2026-03-05T14:07:09.000Z', level: 'WARN', message: 'Transcriber: slow answer' },
  { time: '2026-03-05T14:09:05.000Z', level: 'ERROR', message: 'Call ended with an error: x' },
];

/** The server's answer: the counts of the whole file, the lines of the asked levels. */
function answer(request: ApiRequest) {
  // Repeated, as the OpenAPI document has it (`?level=ERROR&level=WARN`).
  const asked = request.search.getAll('level');
  const entries = asked.length ? ENTRIES.filter((entry) => asked.includes(entry.level)) : ENTRIES;
  const logs: PlatformLogs = {
    callId: CALL_ID,
    available: true,
    counts: { INFO: 1, LOG: 0, WARN: 1, ERROR: 1, CHECKPOINT: 1 },
    total: ENTRIES.length,
    truncated: false,
    entries,
  };
  return jsonResponse(logs);
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

async function openLogs(handler: (request: ApiRequest) => Response) {
  const api = stubCallLogsApi({ handlers: { [LOGS]: handler } });
  const rendered = renderCallLogs(`?call=${CALL_ID}`);
  const dialog = within(await screen.findByRole('dialog'));
  // Nothing is fetched before the tab is opened.
  await dialog.findByRole('tab', { name: 'Logs' });
  expect(api.calls(LOGS)).toHaveLength(0);
  await rendered.user.click(dialog.getByRole('tab', { name: 'Logs' }));
  return { ...rendered, api, dialog };
}

describe('the call’s Logs tab', () => {
  it('shows the platform’s log lines with their time in the business zone and their level', async () => {
    const { dialog } = await openLogs(answer);
    const log = await dialog.findByRole('log', { name: 'Platform logs' });
    const lines = within(log).getAllByTestId('platform-log-line');
    expect(lines).toHaveLength(4);
    // The fake business is in Europe/Dublin (UTC in March).
    expect(lines[1]).toHaveTextContent('14:07:01.250');
    expect(lines[1]).toHaveTextContent('Info');
    expect(lines[1]).toHaveTextContent('Transport: web call');
    expect(dialog.getByText('All 4 lines. Choose levels to see only those.')).toBeInTheDocument();
  });

  it('filters by level: the chosen levels are asked for, and the counts stay', async () => {
    const { dialog, user, api } = await openLogs(answer);
    await dialog.findByRole('log', { name: 'Platform logs' });
    const levels = dialog.getByRole('group', { name: 'Log levels' });
    await user.click(within(levels).getByRole('checkbox', { name: 'Error (1)' }));
    await waitFor(() => expect(dialog.getByText('1 of 4 lines.')).toBeInTheDocument());
    await user.click(within(levels).getByRole('checkbox', { name: 'Warning (1)' }));
    await waitFor(() => expect(dialog.getByText('2 of 4 lines.')).toBeInTheDocument());
    const lines = within(dialog.getByRole('log', { name: 'Platform logs' })).getAllByTestId(
      'platform-log-line',
    );
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Transcriber: slow answer'),
      expect.stringContaining('Call ended with an error: x'),
    ]);
    expect(api.calls(LOGS).at(-1)?.search.getAll('level')).toEqual(['ERROR', 'WARN']);
    expect(within(levels).getByRole('checkbox', { name: 'Info (1)' })).not.toBeChecked();
  });

  it('says when the platform has no logs for the call', async () => {
    const { dialog } = await openLogs(() =>
      jsonResponse({
        callId: CALL_ID,
        available: false,
        counts: { INFO: 0, LOG: 0, WARN: 0, ERROR: 0, CHECKPOINT: 0 },
        total: 0,
        truncated: false,
        entries: [],
      } satisfies PlatformLogs),
    );
    expect(await dialog.findByText('No logs for this call')).toBeInTheDocument();
  });

  it('shows the server’s reason when the platform failed, with a retry', async () => {
    const { dialog } = await openLogs(() =>
      errorResponse(502, 'PLATFORM_ERROR', 'Failed to fetch logs: status 503'),
    );
    const alert = await dialog.findByRole('alert');
    expect(within(alert).getByText("Could not load the call's logs")).toBeInTheDocument();
    expect(within(alert).getByText('Failed to fetch logs: status 503')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
