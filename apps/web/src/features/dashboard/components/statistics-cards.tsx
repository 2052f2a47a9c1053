import {
  Box,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { DashboardStatistics } from '@switchboard/shared/analytics';
import { CALL_SUCCESS_RULE } from '@switchboard/shared/call-success-rule';
import {
  formatCost,
  formatCount,
  formatCountOf,
  countUnit,
  formatLongMinutes,
  formatMinutes,
  formatPercent,
} from '@switchboard/shared/format';
import {
  IconAddressBook,
  IconCalendarEvent,
  IconCircleCheck,
  IconClockHour4,
  IconMessages,
  IconCoin,
  IconPhoneCall,
  type Icon,
} from '@tabler/icons-react';
import { Figure } from '../../../components/figure';
import { QueryError } from '../../../components/query-error';
import { useDashboardStatistics } from '../api/get-dashboard-statistics';
import { useDrawnOnArrival } from '../../../lib/use-drawn-on-arrival';

type StatisticCard = {
  label: string;
  icon: Icon;
  color: string;
  /** The headline figure. */
  value: (statistics: DashboardStatistics) => string;
  /** Its unit ("min", "calls"). */
  unit?: (statistics: DashboardStatistics) => string;
  /** The figure in words, on hover or focus ("7 h 30 min"). */
  long?: (statistics: DashboardStatistics) => string;
  /** A smaller line under it, e.g. today's figure. */
  detail?: (statistics: DashboardStatistics) => string;
  /** How the figure is counted, in a sentence under it. */
  note?: string;
};

type StatisticGroup = { title: string; cards: StatisticCard[] };

/**
 * The dashboard's cards, group by group. A new group of figures (contacts, enquiries, …) is
 * one more entry here, reading its part of GET /api/statistics/dashboard.
 */
const STATISTIC_GROUPS: StatisticGroup[] = [
  {
    title: 'Calls',
    cards: [
      {
        label: 'Calls (7 days)',
        icon: IconPhoneCall,
        color: 'brand',
        value: (s) => formatCount(s.calls.last7Days.calls),
        unit: (s) => countUnit(s.calls.last7Days.calls, 'call', 'calls'),
        detail: (s) => `Today: ${formatCountOf(s.calls.today.calls, 'call', 'calls')}`,
      },
      {
        label: 'Minutes (7 days)',
        icon: IconClockHour4,
        color: 'grape',
        value: (s) => formatMinutes(s.calls.last7Days.minutes),
        unit: () => 'min',
        long: (s) => formatLongMinutes(s.calls.last7Days.minutes),
        detail: (s) => `Today: ${formatMinutes(s.calls.today.minutes)} min`,
      },
      {
        label: 'Spend (7 days)',
        icon: IconCoin,
        color: 'yellow',
        value: (s) => formatCost(s.calls.last7Days.spend),
        detail: (s) => `Today: ${formatCost(s.calls.today.spend)}`,
      },
      {
        label: 'Success rate (7 days)',
        icon: IconCircleCheck,
        color: 'teal',
        value: (s) => formatPercent(s.calls.last7Days.successRate),
        detail: (s) => `Today: ${formatPercent(s.calls.today.successRate)}`,
        note: CALL_SUCCESS_RULE,
      },
    ],
  },
  {
    title: 'Your business',
    cards: [
      {
        label: 'Contacts',
        icon: IconAddressBook,
        color: 'cyan',
        value: (s) => formatCount(s.contacts.total),
        unit: (s) => countUnit(s.contacts.total, 'contact', 'contacts'),
        detail: (s) =>
          `New in 7 days: ${formatCountOf(s.contacts.newLast7Days, 'contact', 'contacts')}`,
      },
      {
        label: 'Open enquiries',
        icon: IconMessages,
        color: 'orange',
        value: (s) => formatCount(s.enquiries.open),
        unit: (s) => countUnit(s.enquiries.open, 'enquiry', 'enquiries'),
        detail: (s) => `Unread: ${formatCountOf(s.enquiries.unread, 'enquiry', 'enquiries')}`,
      },
      {
        label: 'Appointments today',
        icon: IconCalendarEvent,
        color: 'indigo',
        value: (s) => formatCount(s.appointments.today),
        unit: (s) => countUnit(s.appointments.today, 'appointment', 'appointments'),
        detail: (s) =>
          `Upcoming: ${formatCountOf(s.appointments.upcoming, 'appointment', 'appointments')}`,
      },
    ],
  },
];

/** The business's figures for today and the last 7 days (every figure: all its agents). */
export function StatisticsCards() {
  const statistics = useDashboardStatistics();
  // The figures' first arrival draws in a deferred render, which React splits into short tasks,
  // instead of inside the query's notification, one task for every card (decision 098).
  const data = useDrawnOnArrival(statistics.data);

  if (statistics.isError && !statistics.data) {
    return (
      <QueryError
        title="Could not load the statistics"
        error={statistics.error}
        onRetry={() => void statistics.refetch()}
        retrying={statistics.isFetching}
      />
    );
  }

  return (
    <Stack gap="lg" aria-busy={!data}>
      {STATISTIC_GROUPS.map((group, index) => (
        <Stack key={group.title} gap="sm">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={3} fz="lg">
              {group.title}
            </Title>
            {data && index === 0 && (
              <Text size="xs" c="dimmed">
                Today and the last 7 days
              </Text>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            {group.cards.map((card) => (
              <StatisticCardView key={card.label} card={card} statistics={data} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

function StatisticCardView({
  card,
  statistics,
}: {
  card: StatisticCard;
  /** Undefined while loading: skeletons stand in for the figures. */
  statistics: DashboardStatistics | undefined;
}) {
  const CardIcon = card.icon;
  return (
    <Paper withBorder p="md" role="group" aria-label={card.label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" c="dimmed" fw={500}>
          {card.label}
        </Text>
        <ThemeIcon variant="light" color={card.color} size="md" radius="md">
          <CardIcon size={18} stroke={1.7} />
        </ThemeIcon>
      </Group>
      {statistics ? (
        <>
          <Figure
            value={card.value(statistics)}
            unit={card.unit?.(statistics)}
            long={card.long?.(statistics)}
          />
          {card.detail && (
            <Text size="xs" c="dimmed" mt={4}>
              {card.detail(statistics)}
            </Text>
          )}
        </>
      ) : (
        // Each in a box the height of the line it stands for (the figure's 28 px at 1.2, the
        // detail's xs line), so nothing below moves when the figures arrive.
        <>
          <Box mt={6} h={28 * 1.2} py={2.8}>
            <Skeleton height={28} width="50%" radius="sm" />
          </Box>
          {card.detail && (
            <Box mt={4} h={12 * 1.4} py={3.4}>
              <Skeleton height={10} width="35%" radius="sm" />
            </Box>
          )}
        </>
      )}
      {/* How the figure is counted does not wait for it: the card has its full height at once. */}
      {card.note && (
        <Text size="xs" c="dimmed" mt={4}>
          {card.note}
        </Text>
      )}
    </Paper>
  );
}
