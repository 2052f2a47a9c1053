import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { AnalyticsSummary } from '@switchboard/shared/analytics';
import {
  formatCost,
  countUnit,
  formatCount,
  formatLongMinutes,
  formatMinutes,
} from '@switchboard/shared/format';
import {
  IconClockHour4,
  IconCurrencyDollar,
  IconPhoneCall,
  IconReceipt2,
  type Icon,
} from '@tabler/icons-react';
import { Figure } from '../../../components/figure';

type Kpi = {
  key: keyof AnalyticsSummary;
  /** The seed's label, word for word. */
  label: string;
  icon: Icon;
  color: string;
  format: (value: number) => string;
  /** Its unit ("min", "calls"). */
  unit?: (value: number) => string;
  /** The figure in words, on hover or focus ("7 h 30 min"). */
  long?: (value: number) => string;
};

export const KPIS: readonly Kpi[] = [
  {
    key: 'totalCallMinutes',
    label: 'Total Call Minutes',
    icon: IconClockHour4,
    color: 'brand',
    format: formatMinutes,
    unit: () => 'min',
    long: formatLongMinutes,
  },
  {
    key: 'numberOfCalls',
    label: 'Number of Calls',
    icon: IconPhoneCall,
    color: 'signal',
    format: formatCount,
    unit: (calls) => countUnit(calls, 'call', 'calls'),
  },
  {
    key: 'totalSpent',
    label: 'Total Spent',
    icon: IconCurrencyDollar,
    color: 'grape',
    format: formatCost,
  },
  {
    key: 'averageCostPerCall',
    label: 'Average Cost per Call',
    icon: IconReceipt2,
    color: 'orange',
    format: formatCost,
  },
];

const GRID_COLS = { base: 1, xs: 2, lg: 4 } as const;

/** The overview's four figures for the range. A range without calls shows zeros, never blanks. */
export function KpiCards({ summary }: { summary: AnalyticsSummary }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md">
      {KPIS.map(({ key, label, icon: KpiIcon, color, format, unit, long }) => (
        <Card key={key} padding="lg" role="group" aria-label={label}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {label}
              </Text>
              <Figure
                value={format(summary[key])}
                unit={unit?.(summary[key])}
                long={long?.(summary[key])}
              />
            </div>
            <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
              <KpiIcon size={22} stroke={1.6} />
            </ThemeIcon>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The four cards' shape while the figures load. */
export function KpiCardsSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" aria-hidden>
      {KPIS.map(({ key }) => (
        <Card key={key} padding="lg">
          <Skeleton height={14} width="60%" radius="sm" />
          <Skeleton height={28} width="45%" radius="sm" mt={10} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
