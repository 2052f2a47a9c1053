import type { TestRunDetail, TestSuite } from '@switchboard/shared/agent-tests';
import { permissionMessages } from '@switchboard/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { selectOption } from '../../../test/combobox';

const SUITE: TestSuite = {
  id: 's1',
  name: 'Bookings',
  testCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  tests: [
    {
      id: 't1',
      name: 'Books a Saturday slot',
      personality: 'polite',
      scenario: 'You want a cleaning on a Saturday.',
      expectation: { kind: 'tool-called', tool: 'book_appointment', weekday: 'Saturday' },
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

const RUN: TestRunDetail = {
  id: 'r1',
  suiteId: 's1',
  suiteName: 'Bookings',
  agentId: 'a1',
  agentName: 'Bright Smile Dental Receptionist',
  unsavedSettings: false,
  status: 'ended',
  counts: { total: 2, passed: 1, failed: 1, running: 0, queued: 0, canceled: 0 },
  createdAt: '2026-11-25T10:00:00.000Z',
  createdAtText: 'Nov 25, 2026, 05:00',
  endedAt: '2026-11-25T10:00:03.000Z',
  results: [
    {
      id: 'i1',
      testId: 't1',
      testName: 'Books a Saturday slot',
      expectation: 'book_appointment is called with a time on a Saturday',
      status: 'passed',
      reason: null,
      transcript: 'AI: Hello\nUser: I would like a Saturday slot',
    },
    {
      id: 'i2',
      testId: 't2',
      testName: 'Expects Sunday',
      expectation: 'book_appointment is called with a time on a Sunday',
      status: 'failed',
      reason: 'book_appointment was called with a time on a Saturday, not a Sunday',
      transcript: 'AI: Hello',
    },
  ],
};

describe('agent tests screens', () => {
  it('a member adds and runs tests but sees Delete suite and Delete test greyed with the reason', async () => {
    const api = stubApi(
      {
        'GET /api/test-suites/s1': () => jsonResponse(SUITE),
        'GET /api/test-runs': () => jsonResponse({ data: [] }),
        'GET /api/agents': () => jsonResponse({ data: [] }),
      },
      { session: buildSessionUser({ role: 'member' }) },
    );
    const { user } = renderApp('/tests/s1');
    const table = await screen.findByRole('table', { name: 'Tests', busy: false });
    expect(screen.getByRole('button', { name: 'Add test' })).not.toHaveAttribute('aria-disabled');
    const reason = permissionMessages.onlyManagers('delete tests or test suites');
    expect(screen.getByText(reason, { selector: 'p' })).toBeInTheDocument();
    const suite = screen.getByRole('button', { name: 'Delete suite' });
    expect(suite).toHaveAttribute('aria-disabled', 'true');
    expect(suite).toHaveAccessibleDescription(reason);
    await user.click(suite);
    const test = await within(table).findByRole('button', { name: 'Delete Books a Saturday slot' });
    expect(test).toHaveAttribute('aria-disabled', 'true');
    await user.click(test);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/test-suites/s1')).toEqual([]);
    expect(api.calls('DELETE /api/test-suites/s1/tests/t1')).toEqual([]);
  });

  it('adds a test from the form (the phrase only when the agent must say one) and runs the suite against the chosen agent', async () => {
    const api = stubApi(
      {
        'GET /api/test-suites/s1': () => jsonResponse(SUITE),
        'GET /api/test-runs': () => jsonResponse({ data: [] }),
        'GET /api/agents': () =>
          jsonResponse({ data: [{ id: 'a1', name: 'Bright Smile Dental Receptionist' }] }),
        'POST /api/test-suites/s1/tests': ({ body }) =>
          jsonResponse(
            { ...(body as object), id: 't9', createdAt: SUITE.createdAt },
            { status: 201 },
          ),
        'POST /api/test-suites/s1/runs': () =>
          jsonResponse({ ...RUN, status: 'queued' }, { status: 201 }),
        'GET /api/test-runs/r1': () => jsonResponse(RUN),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/tests/s1');
    expect(
      await screen.findByText('book_appointment is called with a time on a Saturday'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a test' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Greets');
    await selectOption(
      user,
      within(dialog).getByRole('combobox', { name: 'What must happen' }),
      'The agent says a phrase',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add test' }));
    expect(
      await within(dialog).findByText('Please describe what the caller wants'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter what the agent must say')).toBeInTheDocument();
    expect(api.calls('POST /api/test-suites/s1/tests')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /What the caller wants/ }),
      'Asks about parking',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Phrase/ }), 'this is Riley');
    await user.click(within(dialog).getByRole('button', { name: 'Add test' }));
    await waitFor(() => expect(api.calls('POST /api/test-suites/s1/tests')).toHaveLength(1));
    expect(api.calls('POST /api/test-suites/s1/tests')[0]?.body).toEqual({
      name: 'Greets',
      personality: 'polite',
      scenario: 'Asks about parking',
      expectation: { kind: 'agent-says', phrase: 'this is Riley' },
    });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Run the tests' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Run the tests' }));
    await waitFor(() => expect(api.calls('POST /api/test-suites/s1/runs')).toHaveLength(1));
    expect(api.calls('POST /api/test-suites/s1/runs')[0]?.body).toEqual({ agentId: 'a1' });
    // The run's page: each test with its outcome, the reason of the failure and the transcript.
    const failed = await screen.findByRole('article', { name: 'Expects Sunday' });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(
      within(failed).getByText(
        'book_appointment was called with a time on a Saturday, not a Sunday',
      ),
    ).toBeInTheDocument();
    const passed = screen.getByRole('article', { name: 'Books a Saturday slot' });
    expect(within(passed).getByText('Passed')).toBeInTheDocument();
    expect(within(passed).getByLabelText('Transcript of Books a Saturday slot')).toHaveTextContent(
      'I would like a Saturday slot',
    );
    expect(screen.getByText('1 of 2 passed')).toBeInTheDocument();
    // When it ran, as the server wrote it in the business's zone.
    expect(screen.getByText('Nov 25, 2026, 05:00')).toBeInTheDocument();
  });

  it('stops a run that is still going', async () => {
    let running = true;
    const queued = {
      ...RUN,
      status: 'running' as const,
      results: RUN.results.map((r) => ({ ...r, status: 'queued' as const, reason: null })),
    };
    const stopped = {
      ...RUN,
      status: 'ended' as const,
      results: RUN.results.map((r) => ({ ...r, status: 'canceled' as const, reason: null })),
    };
    const api = stubApi(
      {
        'GET /api/test-runs/r1': () => jsonResponse(running ? queued : stopped),
        'POST /api/test-runs/r1/cancel': () => {
          running = false;
          return jsonResponse(stopped);
        },
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/test-runs/r1');
    await user.click(await screen.findByRole('button', { name: 'Stop the run' }));
    await waitFor(() => expect(api.calls('POST /api/test-runs/r1/cancel')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Stop the run' })).not.toBeInTheDocument(),
    );
  });

  it('shows the platform failure with Try again on the suites page', async () => {
    stubApi(
      {
        'GET /api/test-suites': () =>
          jsonResponse(
            {
              error: {
                code: 'PLATFORM_ERROR',
                message: 'Failed to fetch test suites: connection reset',
              },
              requestId: 'x',
            },
            { status: 502 },
          ),
        'GET /api/test-runs': () => jsonResponse({ data: [] }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/tests');
    expect(
      await screen.findByText('Failed to fetch test suites: connection reset'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
    expect(await screen.findByText('No runs yet')).toBeInTheDocument();
  });
});
