import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { TestProviders } from '../../../test/render';
import { buildAgentAnalytics, buildEmptyAgentAnalytics } from '../test-factories';
import { AgentOverview } from './agent-overview';
import { setupUser } from '../../../test/user';

// The test DOM has no canvas: charts render what they were given as text (see the fake).
vi.mock('react-chartjs-2', () => import('../../../components/charts/fake-react-chartjs-2'));

const ANALYTICS = 'GET /api/agents/asst_front_desk/analytics';

function renderOverview(range: { from?: string; to?: string } = {}) {
  render(
    <TestProviders>
      <AgentOverview agentId="asst_front_desk" range={range} />
    </TestProviders>,
  );
}

function kpi(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('AgentOverview', () => {
  it("shows the four figures under the seed's labels, formatted", async () => {
    const api = stubApi({ [ANALYTICS]: () => jsonResponse(buildAgentAnalytics()) });
    renderOverview({ from: '2026-03-03', to: '2026-03-05' });

    expect(await screen.findByRole('group', { name: 'Total Call Minutes' })).toHaveTextContent(
      'Total Call Minutes30.25min (30 min 15 s)',
    );
    expect(kpi('Number of Calls')).toHaveTextContent('Number of Calls5calls');
    expect(kpi('Total Spent')).toHaveTextContent('Total Spent$12.50');
    expect(kpi('Average Cost per Call')).toHaveTextContent('Average Cost per Call$2.50');

    const [request] = api.calls(ANALYTICS);
    expect(request?.search.get('from')).toBe('2026-03-03');
    expect(request?.search.get('to')).toBe('2026-03-05');
  });

  it('asks for the server default when no range is given', async () => {
    const api = stubApi({ [ANALYTICS]: () => jsonResponse(buildAgentAnalytics()) });
    renderOverview();
    await screen.findByRole('group', { name: 'Total Spent' });
    const [request] = api.calls(ANALYTICS);
    expect(request?.search.has('from')).toBe(false);
    expect(request?.search.has('to')).toBe(false);
  });

  it('draws calls, minutes and spend per day and the outcomes, each described', async () => {
    stubApi({ [ANALYTICS]: () => jsonResponse(buildAgentAnalytics()) });
    renderOverview();

    const calls = await screen.findByRole('img', { name: /^Line chart of calls per day/ });
    expect(calls).toHaveAttribute('data-chart-type', 'line');
    // Intl puts thin spaces around the dash of a date range.
    expect(calls).toHaveAccessibleName(
      /^Line chart of calls per day, Mar 3\s–\s5, 2026: 5 calls in total; busiest day Mar 5 with 3 calls\.$/,
    );
    expect(within(calls).getByText('Calls · Mar 3: 2')).toBeInTheDocument();
    expect(within(calls).getByText('Calls · Mar 4: 0')).toBeInTheDocument();

    const minutes = screen.getByRole('img', { name: /^Bar chart of call minutes per day/ });
    expect(minutes).toHaveAttribute('data-chart-type', 'bar');
    expect(within(minutes).getByText('Minutes · Mar 5: 19.75')).toBeInTheDocument();

    const spend = screen.getByRole('img', { name: /^Bar chart of spend per day/ });
    expect(spend).toHaveAccessibleName(expect.stringContaining('$12.50 in total'));
    expect(within(spend).getByText('Spend (USD) · Mar 3: 4.25')).toBeInTheDocument();

    const outcomes = screen.getByRole('img', { name: /^Doughnut chart of call outcomes/ });
    expect(outcomes).toHaveAttribute('data-chart-type', 'doughnut');
    expect(outcomes).toHaveAccessibleName(
      expect.stringContaining('4 passed, 1 failed (80% passed)'),
    );
    expect(within(outcomes).getByText('Calls · Pass: 4')).toBeInTheDocument();
    expect(within(outcomes).getByText('Calls · Fail: 1')).toBeInTheDocument();

    // Each value axis is titled with its unit.
    const axisTitle = (chart: HTMLElement) =>
      (
        JSON.parse(chart.getAttribute('data-options') ?? '{}') as {
          scales?: { y?: { title?: { display?: boolean; text?: string } } };
        }
      ).scales?.y?.title;
    expect(axisTitle(calls)).toEqual(expect.objectContaining({ display: true, text: 'Calls' }));
    expect(axisTitle(minutes)).toEqual(expect.objectContaining({ display: true, text: 'Minutes' }));
    expect(axisTitle(spend)).toEqual(
      expect.objectContaining({ display: true, text: 'Spend (USD)' }),
    );

    for (const title of ['Calls per day', 'Call outcomes', 'Minutes per day', 'Spend per day']) {
      expect(screen.getByRole('heading', { name: title, level: 3 })).toBeInTheDocument();
    }
  });

  it("hands every chart the seed's tooltip and legend settings", async () => {
    stubApi({ [ANALYTICS]: () => jsonResponse(buildAgentAnalytics()) });
    renderOverview();

    await screen.findByRole('img', { name: /^Line chart of calls per day/ });
    const charts = screen.getAllByRole('img');
    expect(charts).toHaveLength(4);
    for (const chart of charts) {
      const options = JSON.parse(chart.getAttribute('data-options') ?? '{}') as {
        plugins?: {
          tooltip?: { animation?: { duration?: number } };
          legend?: { labels?: { boxWidth?: number; padding?: number } };
        };
      };
      expect(options.plugins?.tooltip?.animation?.duration).toBe(400);
      expect(options.plugins?.legend?.labels).toMatchObject({ boxWidth: 40, padding: 10 });
    }
  });

  it('says there were no calls, with zeros in the cards and no charts', async () => {
    stubApi({ [ANALYTICS]: () => jsonResponse(buildEmptyAgentAnalytics()) });
    renderOverview();

    expect(await screen.findByText('No calls in this range')).toBeInTheDocument();
    expect(screen.getByText(/Widen the date range/)).toBeInTheDocument();
    expect(kpi('Total Call Minutes')).toHaveTextContent('0.00');
    expect(kpi('Number of Calls')).toHaveTextContent('Number of Calls0');
    expect(kpi('Total Spent')).toHaveTextContent('$0.00');
    expect(kpi('Average Cost per Call')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    stubApi({ [ANALYTICS]: () => new Promise<Response>(() => {}) });
    renderOverview();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the analytics…');
    expect(screen.queryByRole('group', { name: 'Total Spent' })).not.toBeInTheDocument();
  });

  it('says what went wrong and tries again on request', async () => {
    let fail = true;
    const api = stubApi({
      [ANALYTICS]: () =>
        fail
          ? errorResponse(500, 'INTERNAL_ERROR', 'The analytics are unavailable right now.')
          : jsonResponse(buildAgentAnalytics()),
    });
    renderOverview();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the analytics');
    expect(alert).toHaveTextContent('The analytics are unavailable right now.');

    fail = false;
    await setupUser().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Total Spent' })).toHaveTextContent('$12.50');
    expect(api.calls(ANALYTICS)).toHaveLength(2);
  });

  it("shows the server's message for a refused range", async () => {
    stubApi({
      [ANALYTICS]: () =>
        errorResponse(400, 'VALIDATION_ERROR', 'The start date must be on or before the end date'),
    });
    renderOverview({ from: '2026-03-05', to: '2026-03-03' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must be on or before the end date',
    );
  });
});
