import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  addCalendarDays,
  calendarRange,
  isoToZonedLocal,
  zonedDay,
  type Appointment,
  type CalendarView,
} from '@switchboard/shared/appointments';
import type { TestFilter } from '@switchboard/shared/test-marks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { TestBadge } from '../../../components/test-mark';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useAppointmentCalendar } from '../api/list-appointment-calendar';
import { AppointmentStatusBadge } from './appointment-status-badge';
import { AppointmentActionsMenu, type AppointmentAction } from './appointments-table';

const dayLabel = (day: string, long = false) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: 'short',
    ...(long ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

const timeOf = (iso: string, timeZone: string) => isoToZonedLocal(iso, timeZone).slice(11, 16);

type AppointmentCalendarProps = {
  view: CalendarView;
  /** The day shown (or in the week shown), YYYY-MM-DD in the business's zone; null: today. */
  day: string | null;
  timeZone: string;
  agentId: string | null;
  test: TestFilter;
  now: Date;
  onDay: (day: string | null) => void;
  onAction: (appointment: Appointment, action: AppointmentAction) => void;
};

/**
 * The appointments of a day or a week (Monday first) in the business's time zone, each with
 * its time, service, contact, status and the actions it allows; cancelled ones struck through.
 */
export function AppointmentCalendar({
  view,
  day,
  timeZone,
  agentId,
  test,
  now,
  onDay,
  onAction,
}: AppointmentCalendarProps) {
  const phone = useIsPhone();
  const today = zonedDay(now, timeZone);
  const shown = day ?? today;
  const range = calendarRange(view, shown, timeZone);
  const calendar = useAppointmentCalendar({ from: range.from, to: range.to, agentId, test });
  const step = view === 'week' ? 7 : 1;
  const byDay = new Map<string, Appointment[]>(range.days.map((d) => [d, []]));
  for (const appointment of calendar.data?.data ?? []) {
    byDay.get(zonedDay(appointment.startsAt, timeZone))?.push(appointment);
  }
  const title =
    view === 'week'
      ? `${dayLabel(range.days[0]!)} – ${dayLabel(range.days[6]!)}`
      : dayLabel(shown, true);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap={4}>
          <Button
            variant="default"
            size="compact-md"
            aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
            onClick={() => onDay(addCalendarDays(shown, -step))}
          >
            <IconChevronLeft size={16} />
          </Button>
          <Button variant="default" size="compact-md" onClick={() => onDay(null)}>
            Today
          </Button>
          <Button
            variant="default"
            size="compact-md"
            aria-label={view === 'week' ? 'Next week' : 'Next day'}
            onClick={() => onDay(addCalendarDays(shown, step))}
          >
            <IconChevronRight size={16} />
          </Button>
        </Group>
        <Text fw={600} aria-live="polite">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {timeZone.replaceAll('_', ' ')} time
        </Text>
      </Group>
      {calendar.isError && !calendar.data && (
        <Alert color="red" title="Could not load the calendar">
          {calendar.error.message}
        </Alert>
      )}
      {calendar.data?.truncated && (
        <Alert color="yellow">Only the first 500 appointments of this range are shown.</Alert>
      )}
      <SimpleGrid
        cols={view === 'week' && !phone ? 7 : 1}
        spacing="xs"
        aria-busy={calendar.isFetching}
        style={{ opacity: calendar.isFetching && calendar.data ? 0.6 : 1 }}
      >
        {range.days.map((d) => (
          <Paper
            key={d}
            withBorder
            p="xs"
            mih={view === 'week' && !phone ? 220 : undefined}
            role="region"
            aria-label={dayLabel(d, true)}
            bg={d === today ? 'var(--mantine-primary-color-light)' : undefined}
          >
            {view === 'week' && (
              <Text size="xs" fw={700} mb={6} c={d === today ? undefined : 'dimmed'}>
                {dayLabel(d)}
              </Text>
            )}
            {!calendar.data ? (
              <Skeleton height={40} />
            ) : (byDay.get(d) ?? []).length === 0 ? (
              <Text size="xs" c="dimmed">
                No appointments
              </Text>
            ) : (
              <Stack gap={6}>
                {(byDay.get(d) ?? []).map((appointment) => (
                  <CalendarEntry
                    key={appointment.id}
                    appointment={appointment}
                    timeZone={timeZone}
                    now={now}
                    onAction={onAction}
                  />
                ))}
              </Stack>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CalendarEntry({
  appointment,
  timeZone,
  now,
  onAction,
}: {
  appointment: Appointment;
  timeZone: string;
  now: Date;
  onAction: (appointment: Appointment, action: AppointmentAction) => void;
}) {
  const cancelled = appointment.status === 'cancelled';
  const time = `${timeOf(appointment.startsAt, timeZone)}–${timeOf(appointment.endsAt, timeZone)}`;
  const content = (
    <Paper
      withBorder
      p={6}
      radius="sm"
      style={{
        borderLeft: '3px solid var(--mantine-primary-color-filled)',
        opacity: cancelled ? 0.6 : 1,
      }}
    >
      <Text size="xs" fw={700} td={cancelled ? 'line-through' : undefined}>
        {time}
      </Text>
      <Text size="xs" td={cancelled ? 'line-through' : undefined} lineClamp={2}>
        {appointment.service}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {appointment.contact.name || 'Unnamed caller'}
      </Text>
      <Group gap={4} mt={4}>
        {appointment.status !== 'scheduled' && (
          <AppointmentStatusBadge status={appointment.status} />
        )}
        {appointment.isTest && <TestBadge />}
      </Group>
    </Paper>
  );
  return (
    <AppointmentActionsMenu
      appointment={appointment}
      now={now}
      onAction={onAction}
      position="bottom-start"
      none={content}
      target={
        <UnstyledButton
          aria-label={`${appointment.service} at ${time}, ${appointment.contact.name || 'unnamed caller'}: actions`}
        >
          {content}
        </UnstyledButton>
      }
    />
  );
}
