import { Center, Text } from '@mantine/core';
import type { AgentBreakdowns } from '@switchboard/shared/analytics';
import { formatCost } from '@switchboard/shared/format';
import type { ChartOptions } from 'chart.js';
import { ChartCard, ChartGrid } from '../../../components/charts/chart-card';
import { CHART_HEIGHT, seriesColor, withAlpha } from '../../../components/charts/chart-theme';
import {
  countAxis,
  countTooltip,
  percentAxis,
  sliceCountTooltip,
  timeSeriesOptions,
} from '../../../components/charts/chart-units';
import { ThemedChart } from '../../../components/charts/themed-chart';
import { useChartTheme } from '../../../components/charts/use-chart-theme';
import {
  capitalize,
  formatCalls,
  formatDateRange,
  formatDay,
  formatHour,
  listFigures,
  peak,
} from '../utils/format-analytics';
import { CALL_SUCCESS_RULE } from '@switchboard/shared/calls';
import { endedReasonLabel } from '@switchboard/shared/ended-reasons';

const CALLS = { one: 'call', many: 'calls' };
const callsAxis = countAxis(CALLS);
const callsTooltip = { callbacks: { label: countTooltip(CALLS) } };

const endReasonsOptions: ChartOptions<'bar'> = {
  indexAxis: 'y',
  scales: { x: callsAxis },
  plugins: { tooltip: callsTooltip },
};

const doughnutOptions: ChartOptions<'doughnut'> = {
  cutout: '60%',
  plugins: {
    legend: { position: 'bottom' },
    tooltip: { callbacks: { label: sliceCountTooltip(CALLS) } },
  },
};

const costOptions: ChartOptions<'doughnut'> = {
  ...doughnutOptions,
  plugins: {
    ...doughnutOptions.plugins,
    tooltip: {
      callbacks: { label: (item) => `${item.label}: ${formatCost(Number(item.raw))}` },
    },
  },
};

const successRateOptions: ChartOptions<'line'> = {
  // A day without calls has no rate: the line breaks there rather than pretending 0%.
  spanGaps: false,
  ...timeSeriesOptions(percentAxis, (item) =>
    item.raw == null ? 'No calls' : `${Number(item.raw)}% passed`,
  ),
};

const countBarOptions: ChartOptions<'bar'> = {
  scales: { y: callsAxis },
  plugins: { tooltip: callsTooltip },
};

// Bars that touch, as a histogram's do.
const histogramOptions: ChartOptions<'bar'> = {
  scales: { y: callsAxis },
  plugins: { tooltip: callsTooltip },
  datasets: { bar: { categoryPercentage: 1, barPercentage: 0.96 } },
};

function NoData({ children }: { children: string }) {
  return (
    <Center h={CHART_HEIGHT}>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Center>
  );
}

/** The statistics screen's charts, for a range with at least one call. */
export function StatisticsCharts({ breakdowns }: { breakdowns: AgentBreakdowns }) {
  const chartTheme = useChartTheme();
  const { range, endedReasons, otherEndedReasons, callTypes, successRate, costComponents } =
    breakdowns;
  const period = formatDateRange(range);

  const reasons = [
    ...endedReasons.map((entry) => ({ label: endedReasonLabel(entry.reason), calls: entry.calls })),
    ...(otherEndedReasons.calls > 0
      ? [
          {
            label: `Other (${otherEndedReasons.reasons} ${otherEndedReasons.reasons === 1 ? 'reason' : 'reasons'})`,
            calls: otherEndedReasons.calls,
          },
        ]
      : []),
  ];
  const otherColor = withAlpha(chartTheme.text, 0.45);

  const rated = successRate.filter((day) => day.calls > 0);
  const ratedCalls = rated.reduce((sum, day) => sum + day.calls, 0);
  const ratedPassed = rated.reduce((sum, day) => sum + day.passed, 0);
  const overallRate = ratedCalls ? Math.round((ratedPassed / ratedCalls) * 100) : 0;

  const totalCost = costComponents.reduce((sum, entry) => sum + entry.cost, 0);
  const busiestHour = peak(breakdowns.hours, (entry) => entry.calls);

  return (
    <ChartGrid>
      <ChartCard title="End reasons" description="Why calls ended, most frequent first">
        <ThemedChart
          type="bar"
          label={`Horizontal bar chart of end reasons, ${period}: ${listFigures(
            reasons.map((entry) => ({ label: entry.label, value: formatCalls(entry.calls) })),
          )}.`}
          data={{
            labels: reasons.map((entry) => entry.label),
            datasets: [
              {
                label: 'Calls',
                data: reasons.map((entry) => entry.calls),
                backgroundColor: reasons.map((_, index) =>
                  index < endedReasons.length ? seriesColor(chartTheme, 0) : otherColor,
                ),
                borderRadius: 4,
              },
            ],
          }}
          options={endReasonsOptions}
        />
      </ChartCard>

      <ChartCard title="Call types" description="Inbound, outbound and web calls">
        <ThemedChart
          type="doughnut"
          label={`Doughnut chart of call types, ${period}: ${listFigures(
            callTypes.map((entry) => ({
              label: capitalize(entry.type),
              value: formatCalls(entry.calls),
            })),
          )}.`}
          data={{
            labels: callTypes.map((entry) => capitalize(entry.type)),
            datasets: [
              {
                label: 'Calls',
                data: callTypes.map((entry) => entry.calls),
                backgroundColor: callTypes.map((_, index) => seriesColor(chartTheme, index)),
              },
            ],
          }}
          options={doughnutOptions}
        />
      </ChartCard>

      <ChartCard
        title="Success rate"
        description={`Share of passed calls per day. ${CALL_SUCCESS_RULE}`}
      >
        <ThemedChart
          type="line"
          label={`Line chart of the daily success rate, ${period}: ${overallRate}% of calls passed overall; days without calls are left blank.`}
          data={{
            labels: successRate.map((day) => formatDay(day.date)),
            datasets: [
              {
                label: 'Success rate (%)',
                data: successRate.map((day) => day.rate),
                borderColor: chartTheme.positive,
                backgroundColor: withAlpha(chartTheme.positive, 0.15),
                tension: 0.3,
                pointRadius: successRate.length > 45 ? 1 : 3,
              },
            ],
          }}
          options={successRateOptions}
        />
      </ChartCard>

      <ChartCard title="Cost by component" description={`${formatCost(totalCost)} in total`}>
        {totalCost > 0 ? (
          <ThemedChart
            type="doughnut"
            label={`Doughnut chart of cost by component, ${period}: ${listFigures(
              costComponents.map((entry) => ({
                label: entry.label,
                value: formatCost(entry.cost),
              })),
            )}.`}
            data={{
              labels: costComponents.map((entry) => entry.label),
              datasets: [
                {
                  label: 'Cost (USD)',
                  data: costComponents.map((entry) => entry.cost),
                  backgroundColor: costComponents.map((_, index) => seriesColor(chartTheme, index)),
                },
              ],
            }}
            options={costOptions}
          />
        ) : (
          <NoData>No cost was recorded for these calls.</NoData>
        )}
      </ChartCard>

      <ChartCard title="Call durations" description="How long calls lasted">
        <ThemedChart
          type="bar"
          label={`Bar chart of call durations, ${period}: ${listFigures(
            breakdowns.durations.map((bucket) => ({
              label: bucket.label,
              value: formatCalls(bucket.calls),
            })),
          )}.`}
          data={{
            labels: breakdowns.durations.map((bucket) => bucket.label),
            datasets: [
              {
                label: 'Calls',
                data: breakdowns.durations.map((bucket) => bucket.calls),
                backgroundColor: seriesColor(chartTheme, 1),
              },
            ],
          }}
          options={histogramOptions}
        />
      </ChartCard>

      <ChartCard
        title="Calls by hour of day"
        description="When calls started, on the business's clock"
      >
        <ThemedChart
          type="bar"
          label={
            `Bar chart of calls by hour of day in ${range.timeZone}, ${period}` +
            (busiestHour
              ? `: busiest hour ${formatHour(busiestHour.hour)}:00 with ${formatCalls(busiestHour.calls)}.`
              : '.')
          }
          data={{
            labels: breakdowns.hours.map((entry) => formatHour(entry.hour)),
            datasets: [
              {
                label: 'Calls',
                data: breakdowns.hours.map((entry) => entry.calls),
                backgroundColor: seriesColor(chartTheme, 0),
                borderRadius: 3,
              },
            ],
          }}
          options={countBarOptions}
        />
      </ChartCard>
    </ChartGrid>
  );
}
