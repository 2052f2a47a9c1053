import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ChartOptions } from 'chart.js';
import {
  formatWeekdayTime,
  type Campaign,
  type CampaignResults,
} from '@switchboard/shared/campaigns';
import { countUnit, formatCost, formatCount } from '@switchboard/shared/format';
import { IconDownload } from '@tabler/icons-react';
import { oneBarSeries, seriesColor } from '../../../components/charts/chart-theme';
import { countAxis, countTooltip, timeSeriesOptions } from '../../../components/charts/chart-units';
import { ThemedChart } from '../../../components/charts/themed-chart';
import { useChartTheme } from '../../../components/charts/use-chart-theme';
import { Figure } from '../../../components/figure';
import { QueryError } from '../../../components/query-error';
import { campaignCallsCsvHref, useCampaignResults } from '../api/campaigns';

const CALLS = { one: 'call', many: 'calls' };

const perHourOptions: ChartOptions<'bar'> = timeSeriesOptions(
  countAxis(CALLS),
  countTooltip(CALLS),
);

/** "Mon 09:00" on the business's clock. */
const hourLabel = (iso: string, timeZone: string) => formatWeekdayTime(iso, timeZone);

type ResultProps = { label: string; value: string; unit?: string; hint?: string };

function Result({ label, value, unit, hint }: ResultProps) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Figure size="panel" value={value} unit={unit} />
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function PerHourChart({ results }: { results: CampaignResults }) {
  const chartTheme = useChartTheme();
  const hours = results.callsPerHour;
  const busiest = hours.reduce<(typeof hours)[number] | undefined>(
    (best, h) => (!best || h.calls > best.calls ? h : best),
    undefined,
  );
  const label =
    `Bar chart of calls placed per hour (${results.timeZone}): ${results.calls} in total` +
    (busiest
      ? `; busiest hour ${hourLabel(busiest.hour, results.timeZone)} with ${busiest.calls}.`
      : '.');
  return (
    <ThemedChart
      type="bar"
      label={label}
      height={220}
      data={oneBarSeries(
        hours.map((h) => hourLabel(h.hour, results.timeZone)),
        'Calls',
        hours.map((h) => h.calls),
        seriesColor(chartTheme, 0),
      )}
      options={perHourOptions}
    />
  );
}

/**
 * A started campaign's results: calls placed (retries among them), what they produced and cost,
 * calls per hour, and the CSV of every call.
 */
export function CampaignResultsPanel({ campaign }: { campaign: Campaign }) {
  const results = useCampaignResults(campaign.id, campaign.updatedAt, campaign.status !== 'draft');
  if (results.isError && !results.data) {
    return (
      <QueryError
        title="Could not load the results"
        error={results.error}
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  }
  const r = results.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={3}>Results</Title>
          <Button
            component="a"
            href={campaignCallsCsvHref(campaign.id)}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
          >
            Download every call (CSV)
          </Button>
        </Group>
        {r ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
              <Result
                label="Calls placed"
                value={formatCount(r.calls)}
                unit={countUnit(r.calls, 'call', 'calls')}
                hint={`${formatCount(r.retries)} of them retries`}
              />
              <Result
                label="Appointments"
                value={formatCount(r.appointments)}
                unit={countUnit(r.appointments, 'appointment', 'appointments')}
              />
              <Result
                label="Enquiries"
                value={formatCount(r.enquiries)}
                unit={countUnit(r.enquiries, 'enquiry', 'enquiries')}
              />
              <Result label="Cost" value={formatCost(r.cost)} hint="The calls' own cost" />
              <Result
                label="Reached"
                value={formatCount(r.outcomes.answered)}
                unit="answered"
                hint={`${formatCount(r.outcomes.voicemail)} voicemail · ${formatCount(r.outcomes.no_answer)} no answer · ${formatCount(r.outcomes.busy)} busy · ${formatCount(r.outcomes.failed)} failed`}
              />
            </SimpleGrid>
            {r.callsPerHour.length > 0 ? (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Calls per hour
                </Text>
                <PerHourChart results={r} />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No calls placed yet.
              </Text>
            )}
          </>
        ) : (
          <Skeleton h={120} />
        )}
      </Stack>
    </Paper>
  );
}
