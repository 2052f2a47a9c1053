import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAgent,
  buildAgentAnalytics,
  buildDays,
} from '../../../features/analytics/test-factories';
import { errorResponse, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { AGENT, breadcrumb, stubAgentScreenApi } from './agent-route-testing';
import { expectCurrentLink, expectLinks } from '../../../test/links';

// The test DOM has no canvas: charts render what they were given as text (see the fake).
vi.mock('react-chartjs-2', () => import('../../../components/charts/fake-react-chartjs-2'));

const ANALYTICS = 'GET /api/agents/asst_front_desk/analytics';

function stubAgentApi(handlers: Parameters<typeof stubAgentScreenApi>[0] = {}) {
  return stubAgentScreenApi({
    [ANALYTICS]: () => jsonResponse(buildAgentAnalytics()),
    // The "Talk to agent" panel's settings.
    'GET /api/web-call/config': () =>
      jsonResponse({ mode: 'sandbox', enabled: true, apiBaseUrl: '/api/web-call' }),
    ...handlers,
  });
}

// The screen's lazy modules (the signed-in layout, the overview and what they import) are
// transformed on first import: done here, so the first test's finders wait on its render only
// (a CI run on a busy machine took 5.3 s over the 5 s a finder waits).
beforeAll(async () => {
  await Promise.all([import('../../layouts/app-layout'), import('./overview')]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/agent/:agentId (overview)', () => {
  it("is headed by the agent's name, with the way back and the agent's sections", async () => {
    stubAgentApi();
    renderApp('/agent/asst_front_desk');

    expect(
      await screen.findByRole('heading', { name: 'Front desk', level: 2 }),
    ).toBeInTheDocument();
    expect(breadcrumb('Dashboard')).toHaveAttribute('href', '/dashboard');
    const sections = screen.getByRole('navigation', { name: 'Agent sections' });
    expectCurrentLink(sections, 'Overview');
    expect(await screen.findByText(/^Overview · Mar 3\s–\s5, 2026$/)).toBeInTheDocument();
    // The zone is named once, on its own line under the header.
    expect(screen.getByText('Times in Europe/Dublin')).toBeInTheDocument();
    // The range the overview shows (the server's default here) follows to the other screens.
    expectLinks(sections, {
      Statistics: '/agent/asst_front_desk/statistics?from=2026-03-03&to=2026-03-05',
      'Call logs': '/agent/asst_front_desk/call-logs?from=2026-03-03&to=2026-03-05',
    });
  });

  it('carries the range and the test-call switch in the URL to the other screens', async () => {
    stubAgentApi();
    renderApp('/agent/asst_front_desk?from=2026-02-01&to=2026-02-10&includeTest=1');
    await screen.findByRole('heading', { name: 'Front desk', level: 2 });
    const sections = screen.getByRole('navigation', { name: 'Agent sections' });
    expectLinks(sections, {
      'Call logs': '/agent/asst_front_desk/call-logs?from=2026-02-01&to=2026-02-10&includeTest=1',
    });
    expect(screen.getByRole('switch', { name: 'Include test calls' })).toBeChecked();
  });

  it('shows the figures and the charts for the range in the URL', async () => {
    const api = stubAgentApi();
    renderApp('/agent/asst_front_desk?from=2026-03-03&to=2026-03-05');

    expect(await screen.findByRole('group', { name: 'Total Spent' })).toHaveTextContent('$12.50');
    expect(screen.getByRole('img', { name: /^Line chart of calls per day/ })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Bar chart of call minutes per day/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Bar chart of spend per day/ })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Doughnut chart of call outcomes/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveTextContent(
      'Mar 3, 2026 – Mar 5, 2026',
    );
    for (const request of api.calls(ANALYTICS)) {
      expect(request.search.get('from')).toBe('2026-03-03');
      expect(request.search.get('to')).toBe('2026-03-05');
    }
  });

  it('keeps the figures on screen while a new range loads, then shows it', async () => {
    let releaseWeek: (response: Response) => void = () => {};
    const week = buildAgentAnalytics({
      range: { ...buildAgentAnalytics().range, from: '2026-03-04', to: '2026-03-10' },
      summary: { totalCallMinutes: 4, numberOfCalls: 1, totalSpent: 1.2, averageCostPerCall: 1.2 },
      daily: buildDays('2026-03-04', '2026-03-10', {
        '2026-03-09': { calls: 1, minutes: 4, spend: 1.2, passed: 1 },
      }),
      outcomes: { passed: 1, failed: 0 },
    });
    const api = stubAgentApi({
      [ANALYTICS]: ({ search }) =>
        search.get('from') === '2026-03-04'
          ? new Promise<Response>((resolve) => {
              releaseWeek = resolve;
            })
          : jsonResponse(buildAgentAnalytics()),
    });
    const { user, router } = renderApp('/agent/asst_front_desk');
    expect(await screen.findByRole('group', { name: 'Total Spent' })).toHaveTextContent('$12.50');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));

    expect(router.state.location.search).toBe('?from=2026-03-04&to=2026-03-10');
    await waitFor(() =>
      expect(
        api.calls(ANALYTICS).some((request) => request.search.get('from') === '2026-03-04'),
      ).toBe(true),
    );
    // The old figures stay (not a blank page) until the new ones arrive.
    expect(screen.getByRole('group', { name: 'Total Spent' })).toHaveTextContent('$12.50');
    releaseWeek(jsonResponse(week));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Total Spent' })).toHaveTextContent('$1.20'),
    );
    expect(screen.getByRole('group', { name: 'Number of Calls' })).toHaveTextContent('1');
  });

  it('says the agent was not found, and shows no figures, when the server answers 404', async () => {
    stubAgentApi({
      [AGENT]: () => errorResponse(404, 'NOT_FOUND', 'Agent not found'),
      [ANALYTICS]: () => errorResponse(404, 'NOT_FOUND', 'Agent not found'),
    });
    renderApp('/agent/asst_front_desk');
    expect(await screen.findByText('Agent not found')).toBeInTheDocument();
    expect(screen.getByText(/not one of your business's agents/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Total Spent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Date range' })).not.toBeInTheDocument();
    // No analytics error on the way (the analytics answer 404 too, and may answer first).
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("never shows one agent's figures under another agent's name", async () => {
    stubAgentApi({
      'GET /api/agents/asst_after_hours': () =>
        jsonResponse(buildAgent({ id: 'asst_after_hours', name: 'After hours' })),
      'GET /api/agents/asst_after_hours/analytics': () => new Promise<Response>(() => {}),
    });
    const { router } = renderApp('/agent/asst_front_desk');
    expect(await screen.findByRole('group', { name: 'Total Spent' })).toHaveTextContent('$12.50');

    await router.navigate('/agent/asst_after_hours');

    expect(
      await screen.findByRole('heading', { name: 'After hours', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Total Spent' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the analytics…');
  });

  it('says why the agent could not be loaded otherwise', async () => {
    stubAgentApi({
      [AGENT]: () => errorResponse(500, 'INTERNAL_ERROR', 'The database is not answering.'),
    });
    renderApp('/agent/asst_front_desk');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch agent: The database is not answering.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
