import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { TestProviders } from '../../../test/render';
import { buildAgentBreakdowns, buildEmptyAgentBreakdowns } from '../test-factories';
import { AgentStatistics } from './agent-statistics';

// The test DOM has no canvas: charts render what they were given as text (see the fake).
vi.mock('react-chartjs-2', () => import('../../../components/charts/fake-react-chartjs-2'));

const BREAKDOWNS = 'GET /api/agents/asst_front_desk/analytics/breakdowns';

function renderStatistics(range: { from?: string; to?: string } = {}) {
  render(
    <TestProviders>
      <AgentStatistics agentId="asst_front_desk" range={range} />
    </TestProviders>,
  );
}

function chart(name: RegExp) {
  return screen.getByRole('img', { name });
}

function optionsOf(element: HTMLElement): Record<string, unknown> {
  return JSON.parse(element.getAttribute('data-options') ?? '{}') as Record<string, unknown>;
}

describe('AgentStatistics', () => {
  it('asks for the range it is given', async () => {
    const api = stubApi({ [BREAKDOWNS]: () => jsonResponse(buildAgentBreakdowns()) });
    renderStatistics({ from: '2026-03-03', to: '2026-03-05' });
    await screen.findByRole('img', { name: /^Horizontal bar chart of end reasons/ });
    const [request] = api.calls(BREAKDOWNS);
    expect(request?.search.get('from')).toBe('2026-03-03');
    expect(request?.search.get('to')).toBe('2026-03-05');
  });

  it('draws the end reasons as horizontal bars, with the rest as "Other"', async () => {
    stubApi({ [BREAKDOWNS]: () => jsonResponse(buildAgentBreakdowns()) });
    renderStatistics();

    const reasons = await screen.findByRole('img', {
      name: /^Horizontal bar chart of end reasons/,
    });
    expect(reasons).toHaveAttribute('data-chart-type', 'bar');
    expect(optionsOf(reasons)).toMatchObject({
      indexAxis: 'y',
      scales: { x: { title: { display: true, text: 'Calls' } } },
    });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Calls · Caller hung up: 5',
      'Calls · Agent ended the call: 2',
      'Calls · Other (2 reasons): 2',
    ]);
    expect(reasons).toHaveAccessibleName(
      expect.stringContaining('Caller hung up: 5 calls, Agent ended the call: 2 calls'),
    );
  });

  it('leaves "Other" out when every end reason is named', async () => {
    stubApi({
      [BREAKDOWNS]: () =>
        jsonResponse(buildAgentBreakdowns({ otherEndedReasons: { calls: 0, reasons: 0 } })),
    });
    renderStatistics();
    const reasons = await screen.findByRole('img', {
      name: /^Horizontal bar chart of end reasons/,
    });
    expect(within(reasons).queryByText(/Other/)).not.toBeInTheDocument();
    expect(within(reasons).getAllByRole('listitem')).toHaveLength(2);
  });

  it('draws call types, cost components and durations from the response', async () => {
    stubApi({ [BREAKDOWNS]: () => jsonResponse(buildAgentBreakdowns()) });
    renderStatistics();

    const types = await screen.findByRole('img', { name: /^Doughnut chart of call types/ });
    expect(types).toHaveAttribute('data-chart-type', 'doughnut');
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Calls · Inbound: 6', 'Calls · Outbound: 2', 'Calls · Web: 1']);

    const costs = chart(/^Doughnut chart of cost by component/);
    expect(within(costs).getByText('Cost (USD) · Speech-to-text: 1.25')).toBeInTheDocument();
    expect(within(costs).getByText('Cost (USD) · Platform: 0.75')).toBeInTheDocument();
    expect(costs).toHaveAccessibleName(expect.stringContaining('Model: $3.00'));
    expect(screen.getByText('$7.50 in total')).toBeInTheDocument();

    const durations = chart(/^Bar chart of call durations/);
    expect(within(durations).getAllByRole('listitem')).toHaveLength(7);
    expect(within(durations).getByText('Calls · 1–2m: 3')).toBeInTheDocument();
    expect(within(durations).getByText('Calls · 10m+: 0')).toBeInTheDocument();
  });

  it('draws the success rate from 0 to 100% with a gap on a day without calls', async () => {
    stubApi({ [BREAKDOWNS]: () => jsonResponse(buildAgentBreakdowns()) });
    renderStatistics();

    const rate = await screen.findByRole('img', { name: /^Line chart of the daily success rate/ });
    expect(rate).toHaveAttribute('data-chart-type', 'line');
    expect(
      within(rate)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Success rate (%) · Mar 3: 75',
      'Success rate (%) · Mar 4: null',
      'Success rate (%) · Mar 5: 80',
    ]);
    expect(optionsOf(rate)).toMatchObject({
      spanGaps: false,
      scales: { y: { min: 0, max: 100, title: { display: true, text: 'Calls passed (%)' } } },
    });
    // 7 of 9 calls passed.
    expect(rate).toHaveAccessibleName(expect.stringContaining('78% of calls passed overall'));
  });

  it('draws calls by hour with all 24 hours labelled 00–23', async () => {
    stubApi({ [BREAKDOWNS]: () => jsonResponse(buildAgentBreakdowns()) });
    renderStatistics();

    const hours = await screen.findByRole('img', { name: /^Bar chart of calls by hour of day/ });
    const items = within(hours)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(24);
    expect(items[0]).toBe('Calls · 00: 0');
    expect(items[9]).toBe('Calls · 09: 3');
    expect(items[14]).toBe('Calls · 14: 6');
    expect(items[23]).toBe('Calls · 23: 0');
    expect(hours).toHaveAccessibleName(expect.stringContaining('busiest hour 14:00 with 6 calls'));
    expect(hours).toHaveAccessibleName(expect.stringContaining('Europe/Dublin'));
  });

  it('gives every chart a heading', async () => {
    stubApi({ [BREAKDOWNS]: () => jsonResponse(buildAgentBreakdowns()) });
    renderStatistics();
    await screen.findByRole('img', { name: /^Horizontal bar chart of end reasons/ });
    expect(screen.getAllByRole('img')).toHaveLength(6);
    for (const title of [
      'End reasons',
      'Call types',
      'Success rate',
      'Cost by component',
      'Call durations',
      'Calls by hour of day',
    ]) {
      const card = screen.getByRole('region', { name: title });
      expect(within(card).getByRole('img')).toBeInTheDocument();
    }
  });

  it('says there were no calls instead of drawing empty charts', async () => {
    stubApi({ [BREAKDOWNS]: () => jsonResponse(buildEmptyAgentBreakdowns()) });
    renderStatistics();
    expect(await screen.findByText('No calls in this range')).toBeInTheDocument();
    expect(screen.getByText(/Widen the date range/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says what went wrong', async () => {
    stubApi({
      [BREAKDOWNS]: () => errorResponse(500, 'INTERNAL_ERROR', 'The statistics are unavailable.'),
    });
    renderStatistics();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the statistics');
    expect(alert).toHaveTextContent('The statistics are unavailable.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
