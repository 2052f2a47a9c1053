import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildAgentBreakdowns,
  buildEmptyAgentBreakdowns,
} from '../../../features/analytics/test-factories';
import { errorResponse, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { AGENT, breadcrumb, stubAgentScreenApi } from './agent-route-testing';
import { expectCurrentLink } from '../../../test/links';

// The test DOM has no canvas: charts render what they were given as text (see the fake).
vi.mock('react-chartjs-2', () => import('../../../components/charts/fake-react-chartjs-2'));

const BREAKDOWNS = 'GET /api/agents/asst_front_desk/analytics/breakdowns';

function stubAgentApi(handlers: Parameters<typeof stubAgentScreenApi>[0] = {}) {
  return stubAgentScreenApi({
    [BREAKDOWNS]: () => jsonResponse(buildAgentBreakdowns()),
    ...handlers,
  });
}

describe('/agent/:agentId/statistics', () => {
  it("is headed by the agent's name, under Dashboard › agent", async () => {
    stubAgentApi();
    renderApp('/agent/asst_front_desk/statistics');

    expect(
      await screen.findByRole('heading', { name: 'Front desk', level: 2 }),
    ).toBeInTheDocument();
    expect(breadcrumb('Dashboard')).toHaveAttribute('href', '/dashboard');
    expect(breadcrumb('Front desk')).toHaveAttribute('href', '/agent/asst_front_desk');
    const sections = screen.getByRole('navigation', { name: 'Agent sections' });
    expectCurrentLink(sections, 'Statistics');
  });

  it('draws the six breakdown charts for the range in the URL', async () => {
    const api = stubAgentApi();
    renderApp('/agent/asst_front_desk/statistics?from=2026-03-03&to=2026-03-05');

    expect(
      await screen.findByRole('img', { name: /^Horizontal bar chart of end reasons/ }),
    ).toBeInTheDocument();
    for (const name of [
      /^Doughnut chart of call types/,
      /^Line chart of the daily success rate/,
      /^Doughnut chart of cost by component/,
      /^Bar chart of call durations/,
      /^Bar chart of calls by hour of day/,
    ]) {
      expect(screen.getByRole('img', { name })).toBeInTheDocument();
    }
    expect(api.calls(BREAKDOWNS)[0]?.search.toString()).toBe('from=2026-03-03&to=2026-03-05');
  });

  it('says there were no calls for a new agent', async () => {
    stubAgentApi({ [BREAKDOWNS]: () => jsonResponse(buildEmptyAgentBreakdowns()) });
    renderApp('/agent/asst_front_desk/statistics');
    expect(await screen.findByText('No calls in this range')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says the agent was not found when the server answers 404', async () => {
    stubAgentApi({ [AGENT]: () => errorResponse(404, 'NOT_FOUND', 'Agent not found') });
    renderApp('/agent/asst_front_desk/statistics');
    expect(await screen.findByText('Agent not found')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
