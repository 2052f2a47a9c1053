import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../test/fake-api';
import {
  buildCallLogPage,
  buildCallLogRow,
  buildPlatformStatus,
  buildTransferredRow,
  CALLS,
  markedSnippet,
  STATUS,
  stubCallLogsApi,
  SYNC,
} from '../testing/fake-call-logs-api';
import { renderCallLogs } from '../testing/render-call-logs';
import { fakeMatchMedia } from '../../../test/match-media';

async function findRow(displayId: string) {
  const link = await screen.findByRole('link', { name: `Call ${displayId}` });
  const row = link.closest('tr');
  if (!row) throw new Error(`No table row for ${displayId}`);
  return row;
}

function lastRequest(api: ReturnType<typeof stubCallLogsApi>) {
  const request = api.calls(CALLS).at(-1);
  if (!request) throw new Error('The call log was never asked for');
  return Object.fromEntries(request.search);
}

beforeEach(() => {
  // Only the clock (the calendars open on this month); user-event's own timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('call log table', () => {
  it('shows the formatted fields of each call', async () => {
    stubCallLogsApi();
    renderCallLogs();

    const passed = within(await findRow('3f2a9c1e…'));
    const id = passed.getByRole('link', { name: 'Call 3f2a9c1e…' });
    expect(id).toHaveTextContent('3f2a9c1e…');
    expect(id).toHaveAttribute('title', '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b');
    expect(passed.getByText('+353 87 123 4567')).toBeInTheDocument();
    expect(passed.getByText('Inbound')).toBeInTheDocument();
    expect(passed.getByText('Caller hung up')).toBeInTheDocument();
    expect(passed.getByText('Pass')).toBeInTheDocument();
    expect(passed.getByText('Mar 5, 2026, 14:07')).toBeInTheDocument();
    expect(passed.getByText('2m 5s')).toBeInTheDocument();
    expect(passed.getByText('$0.42')).toBeInTheDocument();

    const transferred = within(await findRow('9b8c7d6e…'));
    expect(transferred.getByText('Outbound')).toBeInTheDocument();
    expect(transferred.getByText('Agent transferred the call')).toBeInTheDocument();
    expect(transferred.getByText('Transferred')).toBeInTheDocument();
    expect(transferred.getByText('Fail')).toBeInTheDocument();
    expect(transferred.getByText('45s')).toBeInTheDocument();

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Customer',
      'Type',
      'Ended reason',
      'Success',
      'Start time',
      'Duration',
      'Cost',
    ]);
    expect(screen.getByText('2 calls · page 1 of 1')).toBeInTheDocument();
  });

  it('hides the columns a user unticks, and remembers them for that user only', async () => {
    stubCallLogsApi();
    const owner = {
      id: 'user-owner',
      userName: 'owner@example.com',
      name: 'Owner',
      email: 'owner@example.com',
      role: 'owner' as const,
      business: { id: 'b1', name: 'Bright Smile Dental', timezone: 'UTC', country: 'US' },
    };
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
    const withoutTypeAndCost = [
      'ID',
      'Customer',
      'Ended reason',
      'Success',
      'Start time',
      'Duration',
    ];

    const first = renderCallLogs('', { sessionUser: owner });
    await findRow('3f2a9c1e…');
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    await first.user.click(await screen.findByRole('checkbox', { name: 'Type' }));
    await first.user.click(screen.getByRole('checkbox', { name: 'Cost' }));
    expect(screen.getByRole('checkbox', { name: 'Cost' })).not.toBeChecked();
    expect(headers()).toEqual(withoutTypeAndCost);
    expect(screen.getByRole('button', { name: 'Columns 5 of 7' })).toBeInTheDocument();
    first.unmount();

    // The same user, back later: the choice stands.
    const again = renderCallLogs('', { sessionUser: owner });
    await findRow('3f2a9c1e…');
    expect(headers()).toEqual(withoutTypeAndCost);
    // "Show every column" brings them back.
    await again.user.click(screen.getByRole('button', { name: 'Columns 5 of 7' }));
    await again.user.click(await screen.findByRole('button', { name: 'Show every column' }));
    expect(headers()).toHaveLength(8);
    await again.user.click(screen.getByRole('checkbox', { name: 'Duration' }));
    again.unmount();

    // Another person in the same browser has their own choice.
    renderCallLogs('', { sessionUser: { ...owner, id: 'user-other' } });
    await findRow('3f2a9c1e…');
    expect(headers()).toHaveLength(8);
  });

  it('asks for the defaults when the URL has no state', async () => {
    const api = stubCallLogsApi();
    renderCallLogs();
    await findRow('3f2a9c1e…');
    expect(lastRequest(api)).toEqual({ tab: 'all', page: '1', limit: '50' });
  });

  it('asks for the state in the URL, and shows it in the controls', async () => {
    const api = stubCallLogsApi();
    renderCallLogs('?tab=failed&phone=087&from=2026-03-01&to=2026-03-09&q=book&page=2&limit=20');
    await findRow('3f2a9c1e…');

    expect(lastRequest(api)).toEqual({
      tab: 'failed',
      phone: '087',
      from: '2026-03-01',
      to: '2026-03-09',
      q: 'book',
      page: '2',
      limit: '20',
    });
    expect(screen.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('087');
    expect(screen.getByRole('textbox', { name: 'Search transcripts' })).toHaveValue('book');
    // The date picker's code comes when the inputs are first drawn (decision 107).
    expect(await screen.findByRole('button', { name: 'From' })).toHaveTextContent('Mar 1, 2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('Mar 9, 2026');
  });

  it('changes the tab from a click or the keyboard, back to page 1', async () => {
    const api = stubCallLogsApi();
    const { user, search } = renderCallLogs('?phone=087&page=3');
    await findRow('3f2a9c1e…');

    await user.click(screen.getByRole('tab', { name: 'Failed' }));
    expect(search()).toEqual({ phone: '087', tab: 'failed' });
    await waitFor(() => expect(lastRequest(api)).toMatchObject({ tab: 'failed', page: '1' }));

    await user.keyboard('{ArrowRight}');
    expect(search()).toEqual({ phone: '087', tab: 'transferred' });
    expect(screen.getByRole('tab', { name: 'Transferred' })).toHaveFocus();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(search()).toEqual({ phone: '087' });
  });

  it('applies the phone filter on Enter, back to page 1, and refuses one without digits', async () => {
    const api = stubCallLogsApi();
    const { user, search } = renderCallLogs('?tab=failed&page=3');
    await findRow('3f2a9c1e…');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });

    await user.type(phone, 'abc{Enter}');
    expect(await screen.findByText('Enter at least one digit of a phone number')).toBeVisible();
    expect(search()).toEqual({ tab: 'failed', page: '3' });

    await user.clear(phone);
    await user.type(phone, '+353 87{Enter}');
    expect(search()).toEqual({ tab: 'failed', phone: '+353 87' });
    await waitFor(() => expect(lastRequest(api)).toMatchObject({ phone: '+353 87', page: '1' }));
    expect(phone).toHaveFocus();
  });

  it('applies the phone filter as you type, once typing pauses, in one history entry', async () => {
    const api = stubCallLogsApi();
    const { user, search, router } = renderCallLogs('?page=2');
    await findRow('3f2a9c1e…');
    const before = router.state.historyAction;
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0871');
    await waitFor(() => expect(search()).toEqual({ phone: '0871' }));
    await waitFor(() => expect(lastRequest(api)).toMatchObject({ phone: '0871', page: '1' }));
    // The pause replaced the entry rather than pushing one per key.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
  });

  it('shows a call that has not ended as In progress, not as a fail', async () => {
    stubCallLogsApi({
      handlers: {
        [CALLS]: () =>
          jsonResponse(
            buildCallLogPage([
              buildCallLogRow({
                status: 'in-progress',
                inProgress: true,
                endReason: 'Unknown',
                successEvaluation: 'fail',
                duration: '-',
              }),
            ]),
          ),
      },
    });
    renderCallLogs();
    const row = within(await findRow('3f2a9c1e…'));
    expect(row.getByText('In progress')).toBeInTheDocument();
    expect(row.queryByText('Fail')).toBeNull();
    expect(row.queryByText('Unknown')).toBeNull();
  });

  it('applies the transcript search on blur, and highlights the matching words', async () => {
    const api = stubCallLogsApi({
      handlers: {
        [CALLS]: ({ search }) =>
          jsonResponse(
            buildCallLogPage(
              search.get('q')
                ? [
                    buildCallLogRow({
                      transcriptMatch: markedSnippet(
                        '…can I ',
                        { match: 'book' },
                        ' a <b>cleaning</b> for ',
                        { match: 'Thursday' },
                        '?',
                      ),
                    }),
                  ]
                : [buildCallLogRow()],
            ),
          ),
      },
    });
    const { user, search } = renderCallLogs('?page=2');
    await findRow('3f2a9c1e…');
    expect(document.querySelector('mark')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Search transcripts' }), 'book thursday');
    await user.tab();

    expect(search()).toEqual({ q: 'book thursday' });
    const marks = await waitFor(() => {
      const found = [...document.querySelectorAll('mark')];
      expect(found).toHaveLength(2);
      return found;
    });
    expect(marks.map((mark) => mark.textContent)).toEqual(['book', 'Thursday']);
    // Text, never HTML: the tags in the transcript are shown as they are.
    const snippet = marks[0]?.parentElement;
    expect(snippet).toHaveTextContent('…can I book a <b>cleaning</b> for Thursday?');
    expect(snippet?.querySelector('b')).toBeNull();
    expect(lastRequest(api)).toMatchObject({ q: 'book thursday', page: '1' });
  });

  /** The first page of a search whose total is still being counted (a next page is known). */
  const countingFirstPage = () =>
    jsonResponse({
      ...buildCallLogPage([buildCallLogRow()], { total: 2 }),
      meta: { total: 1, page: 1, limit: 50, totalPages: 2, hasNext: true, hasPrev: false },
      counting: true,
    });

  it('shows a search’s page before its total, says it is counting, then shows the count', async () => {
    let answerCount: (total: number, more?: boolean) => void = () => {};
    const api = stubCallLogsApi({
      handlers: {
        [CALLS]: countingFirstPage,
        [`${CALLS}/count`]: () =>
          new Promise<Response>((resolve) => {
            answerCount = (total, more = false) => resolve(jsonResponse({ total, more }));
          }),
      },
    });
    renderCallLogs('?q=refund&phone=087');
    await findRow('3f2a9c1e…');
    expect(await screen.findByText('Page 1 · counting the calls…')).toBeInTheDocument();
    // The next page is there to step to while the total is counted.
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    const asked = api.calls(`${CALLS}/count`).at(-1);
    expect(Object.fromEntries(asked!.search)).toEqual({ q: 'refund', phone: '087', tab: 'all' });

    answerCount(123);
    expect(await screen.findByText('123 calls · page 1 of 3')).toBeInTheDocument();
  });

  it('says "at least" when a search’s count stops early, and pages on by the page', async () => {
    const api = stubCallLogsApi({
      handlers: {
        [CALLS]: countingFirstPage,
        [`${CALLS}/count`]: () => jsonResponse({ total: 100, more: true }),
      },
    });
    renderCallLogs('?q=refund');
    await findRow('3f2a9c1e…');
    expect(await screen.findByText('At least 100 calls · page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(api.calls(`${CALLS}/count`)).toHaveLength(1);
  });

  it('filters by date: picking a start day goes back to page 1, clearing it too', async () => {
    stubCallLogsApi({ page: buildCallLogPage([buildCallLogRow()], { total: 120 }) });
    const { user, search } = renderCallLogs('?from=2026-03-02&page=2');
    await findRow('3f2a9c1e…');

    await user.click(await screen.findByRole('button', { name: 'From' }));
    await user.click(screen.getByRole('button', { name: '9 March 2026' }));
    expect(search()).toEqual({ from: '2026-03-09' });

    await user.click(screen.getByRole('button', { name: 'To' }));
    // The end cannot be before the start.
    expect(screen.getByRole('button', { name: '8 March 2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '12 March 2026' }));
    expect(search()).toEqual({ from: '2026-03-09', to: '2026-03-12' });

    // The new range's page loads before its pager is there to use.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(search()).toEqual({ from: '2026-03-09', to: '2026-03-12', page: '2' });
    await user.click(screen.getByRole('button', { name: 'Clear the start date' }));
    expect(search()).toEqual({ to: '2026-03-12' });
  });

  it('Reset restores the defaults: every key leaves the URL', async () => {
    stubCallLogsApi();
    const { user, search } = renderCallLogs(
      '?tab=failed&phone=087&from=2026-03-01&to=2026-03-09&q=book&page=2&limit=20',
    );
    await findRow('3f2a9c1e…');

    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(search()).toEqual({});
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Search transcripts' })).toHaveValue('');
  });

  it('pages with Previous and Next as the server allows', async () => {
    const api = stubCallLogsApi({
      handlers: {
        [CALLS]: ({ search }) =>
          jsonResponse(
            buildCallLogPage([buildCallLogRow()], {
              total: 120,
              page: Number(search.get('page')),
            }),
          ),
      },
    });
    const { user, search } = renderCallLogs('?tab=failed');

    expect(await screen.findByText('120 calls · page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(search()).toEqual({ tab: 'failed', page: '2' });
    expect(await screen.findByText('120 calls · page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('120 calls · page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(search()).toEqual({ tab: 'failed', page: '2' });
    expect(await screen.findByText('120 calls · page 2 of 3')).toBeInTheDocument();
    // Page 2 was fetched moments ago: it comes from the cache.
    expect(api.calls(CALLS).map((request) => request.search.get('page'))).toEqual(['1', '2', '3']);
  });

  it('shows the loading state while a new filter loads', async () => {
    let release: (response: Response) => void = () => {};
    stubCallLogsApi({
      handlers: {
        [CALLS]: ({ search }) =>
          search.get('tab') === 'failed'
            ? new Promise<Response>((resolve) => {
                release = resolve;
              })
            : jsonResponse(buildCallLogPage()),
      },
    });
    const { user } = renderCallLogs();
    await findRow('3f2a9c1e…');

    await user.click(screen.getByRole('tab', { name: 'Failed' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Loading the call logs…');
    expect(screen.queryByRole('link', { name: 'Call 3f2a9c1e…' })).not.toBeInTheDocument();
    release(jsonResponse(buildCallLogPage([buildTransferredRow()])));
    expect(await findRow('9b8c7d6e…')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('opens a call from its row or its ID, keeping the filters', async () => {
    stubCallLogsApi();
    const { user, search } = renderCallLogs('?tab=failed&page=2');
    const row = await findRow('9b8c7d6e…');

    await user.click(within(row).getByText('Outbound'));
    expect(search()).toEqual({
      tab: 'failed',
      page: '2',
      call: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
    });

    await user.keyboard('{Escape}');
    expect(search()).toEqual({ tab: 'failed', page: '2' });

    const id = screen.getByRole('link', { name: 'Call 3f2a9c1e…' });
    expect(id).toHaveAttribute(
      'href',
      '/agent/asst_front_desk/call-logs?tab=failed&page=2&call=3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b',
    );
    id.focus();
    await user.keyboard('{Enter}');
    expect(search()).toMatchObject({ call: '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b' });
  });

  it('says there are no calls yet when nothing is filtered', async () => {
    stubCallLogsApi({ page: buildCallLogPage([]) });
    renderCallLogs();
    expect(await screen.findByText('No calls yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset filters' })).not.toBeInTheDocument();
  });

  it('says no calls match the filters, with a way to reset them', async () => {
    stubCallLogsApi({ page: buildCallLogPage([]) });
    const { user, search } = renderCallLogs('?tab=transferred&phone=999');

    expect(await screen.findByText('No calls match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(search()).toEqual({});
  });

  it('offers the first page when the page is past the last one', async () => {
    stubCallLogsApi({
      handlers: {
        [CALLS]: ({ search }) =>
          search.get('page') === '9'
            ? jsonResponse(buildCallLogPage([], { total: 2, page: 9 }))
            : jsonResponse(buildCallLogPage()),
      },
    });
    const { user, search } = renderCallLogs('?tab=failed&page=9');

    await user.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    expect(screen.queryByText(/page 9 of/)).not.toBeInTheDocument();
    expect(search()).toEqual({ tab: 'failed' });
    expect(await findRow('3f2a9c1e…')).toBeInTheDocument();
  });
});

describe('call log errors', () => {
  it('says "Failed to fetch call logs: " and the server’s reason', async () => {
    stubCallLogsApi({
      handlers: {
        [CALLS]: () => errorResponse(500, 'INTERNAL_ERROR', 'The database is not answering.'),
      },
    });
    renderCallLogs();

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Failed to fetch call logs: The database is not answering.'),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a refused filter with the server’s message', async () => {
    stubCallLogsApi({
      handlers: {
        [CALLS]: () =>
          errorResponse(
            400,
            'VALIDATION_ERROR',
            'The start date must be on or before the end date',
          ),
      },
    });
    renderCallLogs();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch call logs: The start date must be on or before the end date',
    );
  });

  it('says "Failed to fetch call logs" when there is no reason, and tries again', async () => {
    const api = stubCallLogsApi({
      handlers: { [CALLS]: () => Promise.reject(new TypeError('')) },
    });
    const { user } = renderCallLogs();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch call logs')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('Failed to fetch call logs:');

    stubCallLogsApi();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findRow('3f2a9c1e…')).toBeInTheDocument();
    expect(api.calls(CALLS)).toHaveLength(1);
  });
});

describe('refresh', () => {
  it('asks for a sync, waits for it, then fetches the page again with its rows on screen', async () => {
    let releaseSync: (response: Response) => void = () => {};
    let statusAnswers = 0;
    const api = stubCallLogsApi({
      handlers: {
        [SYNC]: () =>
          new Promise<Response>((resolve) => {
            releaseSync = resolve;
          }),
        [STATUS]: () => {
          statusAnswers += 1;
          return jsonResponse(buildPlatformStatus(false));
        },
      },
    });
    const { user } = renderCallLogs('?tab=failed');
    await findRow('3f2a9c1e…');
    expect(api.calls(CALLS)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    // Refreshing, not loading: the rows stay, the button spins, a bar runs over the table.
    expect(await screen.findByRole('status')).toHaveTextContent('Refreshing the call logs…');
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('link', { name: 'Call 3f2a9c1e…' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the call logs…')).not.toBeInTheDocument();
    expect(api.calls(CALLS)).toHaveLength(1);

    releaseSync(jsonResponse(buildPlatformStatus(true), { status: 202 }));

    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Refresh' })).not.toHaveAttribute('data-loading');
    const order = api.requests.map((request) => `${request.method} ${request.path}`);
    expect(order).toEqual([CALLS, SYNC, STATUS, CALLS]);
    expect(statusAnswers).toBe(1);
    expect(lastRequest(api)).toMatchObject({ tab: 'failed' });
  });

  it('still fetches the page again when the sync cannot be asked for, and says so', async () => {
    const api = stubCallLogsApi({
      handlers: {
        [SYNC]: () => errorResponse(502, 'PLATFORM_ERROR', 'The voice platform did not answer'),
      },
    });
    const { user } = renderCallLogs();
    await findRow('3f2a9c1e…');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Could not sync with the voice platform')).toBeInTheDocument();
    expect(screen.getByText('The voice platform did not answer')).toBeInTheDocument();
    await waitFor(() => expect(api.calls(CALLS)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Call 3f2a9c1e…' })).toBeInTheDocument();
  });

  it('says "Failed to fetch calls: " and the reason when the sync could not read the calls', async () => {
    const failed = buildPlatformStatus(false);
    failed.sync = {
      ...failed.sync,
      status: 'failed',
      lastError: 'Failed to fetch calls: Call listing is under maintenance (status 503)',
    };
    const api = stubCallLogsApi({ handlers: { [STATUS]: () => jsonResponse(failed) } });
    const { user } = renderCallLogs();
    await findRow('3f2a9c1e…');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Could not sync with the voice platform')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to fetch calls: Call listing is under maintenance (status 503)'),
    ).toBeInTheDocument();
    // What the store holds is still shown.
    await waitFor(() => expect(api.calls(CALLS)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Call 3f2a9c1e…' })).toBeInTheDocument();
  });
});

describe('export', () => {
  it('is a download link for exactly the current filter, without page, size or call', async () => {
    stubCallLogsApi();
    renderCallLogs(
      '?tab=failed&phone=%2B353+87&from=2026-03-01&to=2026-03-09&q=book&page=2&limit=20&call=c1',
    );

    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('download');
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/api/agents/asst_front_desk/calls/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      tab: 'failed',
      phone: '+353 87',
      from: '2026-03-01',
      to: '2026-03-09',
      q: 'book',
    });
  });

  it('follows the filter as it changes', async () => {
    stubCallLogsApi();
    const { user } = renderCallLogs('?page=4');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/agents/asst_front_desk/calls/export?tab=all');

    await user.click(screen.getByRole('tab', { name: 'Transferred' }));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/agents/asst_front_desk/calls/export?tab=transferred',
    );
  });
});

describe('on a phone', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'matchMedia',
      fakeMatchMedia((query) => query.includes('max-width')),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws the folded filters when first opened, and keeps what was typed', async () => {
    stubCallLogsApi();
    const { user } = renderCallLogs();
    const filtersButton = await screen.findByRole('button', { name: 'Filters' });
    // The first screen draws none of the dozen inputs behind "Filters" (decision 107).
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument();
    expect(screen.queryByText('From')).not.toBeInTheDocument();

    await user.click(filtersButton);
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(await screen.findByRole('button', { name: 'From' })).toBeInTheDocument();
    await user.type(phone, '08');
    await user.click(filtersButton);
    await user.click(filtersButton);
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('08');
  });
});
