import type { AgentAnalytics } from '@switchboard/shared/analytics';
import { CALL_OUTCOME_LABELS } from '@switchboard/shared/calls';
import { formatCost, formatCount, formatMinutes } from '@switchboard/shared/format';
import type { ChartOptions } from 'chart.js';
import { ChartCard, ChartGrid } from '../../../components/charts/chart-card';
import { oneBarSeries, seriesColor, withAlpha } from '../../../components/charts/chart-theme';
import {
  costAxis,
  countAxis,
  countTooltip,
  minutesAxis,
  minutesTooltip,
  sliceCountTooltip,
  timeSeriesOptions,
} from '../../../components/charts/chart-units';
import { ThemedChart } from '../../../components/charts/themed-chart';
import { useChartTheme } from '../../../components/charts/use-chart-theme';
import { formatCalls, formatDateRange, formatDay, peak } from '../utils/format-analytics';

const CALLS = { one: 'call', many: 'calls' };

const callsOptions: ChartOptions<'line'> = timeSeriesOptions(countAxis(CALLS), countTooltip(CALLS));

const minutesOptions: ChartOptions<'bar'> = timeSeriesOptions(minutesAxis, minutesTooltip);

const spendOptions: ChartOptions<'bar'> = timeSeriesOptions(costAxis, (item) =>
  formatCost(Number(item.raw)),
);

const outcomesOptions: ChartOptions<'doughnut'> = {
  cutout: '60%',
  plugins: {
    legend: { position: 'bottom' },
    tooltip: { callbacks: { label: sliceCountTooltip(CALLS) } },
  },
};

/** The overview's charts: calls, minutes and spend per day, and how the calls ended. */
export function OverviewCharts({ analytics }: { analytics: AgentAnalytics }) {
  const chartTheme = useChartTheme();
  const { daily, summary, outcomes, range } = analytics;
  const labels = daily.map((day) => formatDay(day.date));
  const period = formatDateRange(range);

  const busiest = peak(daily, (day) => day.calls);
  const longest = peak(daily, (day) => day.minutes);
  const priciest = peak(daily, (day) => day.spend);
  const outcomeTotal = outcomes.passed + outcomes.failed;
  const passedShare = outcomeTotal ? Math.round((outcomes.passed / outcomeTotal) * 100) : 0;
  const dense = daily.length > 45;

  return (
    <ChartGrid>
      <ChartCard title="Calls per day" description={period}>
        <ThemedChart
          type="line"
          label={
            `Line chart of calls per day, ${period}: ${formatCalls(summary.numberOfCalls)} in total` +
            (busiest
              ? `; busiest day ${formatDay(busiest.date)} with ${formatCalls(busiest.calls)}.`
              : '.')
          }
          data={{
            labels,
            datasets: [
              {
                label: 'Calls',
                data: daily.map((day) => day.calls),
                borderColor: seriesColor(chartTheme, 0),
                backgroundColor: withAlpha(seriesColor(chartTheme, 0), 0.15),
                fill: true,
                tension: 0.3,
                pointRadius: dense ? 0 : 3,
              },
            ],
          }}
          options={callsOptions}
        />
      </ChartCard>
      <ChartCard title="Call outcomes" description="Calls that passed and failed in the range">
        <ThemedChart
          type="doughnut"
          label={`Doughnut chart of call outcomes, ${period}: ${formatCount(outcomes.passed)} passed, ${formatCount(outcomes.failed)} failed (${passedShare}% passed).`}
          data={{
            labels: [CALL_OUTCOME_LABELS.pass, CALL_OUTCOME_LABELS.fail],
            datasets: [
              {
                label: 'Calls',
                data: [outcomes.passed, outcomes.failed],
                backgroundColor: [chartTheme.positive, chartTheme.negative],
              },
            ],
          }}
          options={outcomesOptions}
        />
      </ChartCard>
      <ChartCard title="Minutes per day" description={period}>
        <ThemedChart
          type="bar"
          label={
            `Bar chart of call minutes per day, ${period}: ${formatMinutes(summary.totalCallMinutes)} minutes in total` +
            (longest
              ? `; longest day ${formatDay(longest.date)} with ${formatMinutes(longest.minutes)} minutes.`
              : '.')
          }
          data={oneBarSeries(
            labels,
            'Minutes',
            daily.map((day) => day.minutes),
            seriesColor(chartTheme, 1),
          )}
          options={minutesOptions}
        />
      </ChartCard>
      <ChartCard title="Spend per day" description={period}>
        <ThemedChart
          type="bar"
          label={
            `Bar chart of spend per day, ${period}: ${formatCost(summary.totalSpent)} in total` +
            (priciest
              ? `; highest day ${formatDay(priciest.date)} with ${formatCost(priciest.spend)}.`
              : '.')
          }
          data={oneBarSeries(
            labels,
            'Spend (USD)',
            daily.map((day) => day.spend),
            seriesColor(chartTheme, 2),
          )}
          options={spendOptions}
        />
      </ChartCard>
    </ChartGrid>
  );
}
