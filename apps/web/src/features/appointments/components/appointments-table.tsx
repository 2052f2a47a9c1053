import { ActionIcon, Anchor, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import {
  appointmentActions,
  appointmentsErrorMessage,
  type Appointment,
} from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import type { Paginated } from '@switchboard/shared/pagination';
import {
  IconCalendarTime,
  IconCircleCheck,
  IconCircleX,
  IconDots,
  IconFilter,
  IconUserX,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import type { TablePaginationProps } from '../../../components/table-pagination';
import { TestBadge } from '../../../components/test-mark';
import { AppointmentStatusBadge } from './appointment-status-badge';

export type AppointmentAction = 'reschedule' | 'cancel' | 'complete' | 'noShow';

type AppointmentsTableProps = {
  query: UseQueryResult<Paginated<Appointment>>;
  /** What an empty first page says (none in this tab, or none match the filters). */
  empty: ReactElement;
  onPage: TablePaginationProps['onChange'];
  timeZone: string;
  now: Date;
  onAction: (appointment: Appointment, action: AppointmentAction) => void;
  onFilterContact: (contactId: string) => void;
};

const ACTION_ITEMS: {
  action: AppointmentAction;
  label: string;
  icon: typeof IconCalendarTime;
  color?: string;
}[] = [
  { action: 'reschedule', label: 'Reschedule', icon: IconCalendarTime },
  { action: 'complete', label: 'Mark completed', icon: IconCircleCheck },
  { action: 'noShow', label: 'Mark no-show', icon: IconUserX },
  { action: 'cancel', label: 'Cancel appointment', icon: IconCircleX, color: 'red' },
];

/**
 * The actions an appointment allows now, in a menu opened by `target`; `none` (nothing by
 * default) stands in its place when it allows none. The table's and the calendar's menu.
 */
export function AppointmentActionsMenu({
  appointment,
  now,
  onAction,
  position,
  target,
  none = null,
}: {
  appointment: Appointment;
  now: Date;
  onAction: (appointment: Appointment, action: AppointmentAction) => void;
  position: 'bottom-start' | 'bottom-end';
  target: ReactElement;
  none?: ReactElement | null;
}) {
  const allowed = appointmentActions(appointment, now);
  const items = ACTION_ITEMS.filter((item) => allowed[item.action]);
  if (items.length === 0) return none;
  return (
    <Menu position={position} withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.action}
            color={item.color}
            leftSection={<item.icon size={16} />}
            onClick={() => onAction(appointment, item.action)}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One page of appointments, times in the business's zone, with the actions each one allows. */
export function AppointmentsTable({
  query,
  empty,
  onPage,
  timeZone,
  now,
  onAction,
  onFilterContact,
}: AppointmentsTableProps) {
  const actionsMenu = (appointment: Appointment) => (
    <AppointmentActionsMenu
      appointment={appointment}
      now={now}
      onAction={onAction}
      position="bottom-end"
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${appointment.service} on ${formatDateTime(appointment.startsAt, timeZone)}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      }
    />
  );
  const columns: DataColumn<Appointment>[] = [
    {
      header: 'When',
      cell: (appointment) => (
        <>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(appointment.startsAt, timeZone)}
          </Text>
          <Text size="xs" c="dimmed">
            {Math.round(
              (Date.parse(appointment.endsAt) - Date.parse(appointment.startsAt)) / 60_000,
            )}{' '}
            min
          </Text>
        </>
      ),
    },
    {
      header: 'Service',
      cell: (appointment) => (
        <>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{appointment.service}</Text>
            {appointment.isTest && <TestBadge />}
          </Group>
          {appointment.notes && (
            <Text size="xs" c="dimmed" lineClamp={1} title={appointment.notes}>
              {appointment.notes}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Contact',
      cell: (appointment) => (
        <Group gap={4} wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm">{appointment.contact.name || 'Unnamed caller'}</Text>
            <Text size="xs" c="dimmed">
              {appointment.contact.phone ?? appointment.contact.email ?? ''}
            </Text>
          </Stack>
          <Tooltip label="Only this contact's appointments">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Only appointments of ${appointment.contact.name || 'this contact'}`}
              onClick={() => onFilterContact(appointment.contact.id)}
            >
              <IconFilter size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
    {
      header: 'Agent',
      cell: (appointment) =>
        appointment.agent ? (
          <Anchor
            component={Link}
            size="sm"
            to={`/agent/${encodeURIComponent(appointment.agent.id)}`}
          >
            {appointment.agent.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Added by hand
          </Text>
        ),
    },
    {
      header: 'Status',
      cell: (appointment) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <AppointmentStatusBadge status={appointment.status} />
        </span>
      ),
    },
    { header: 'Actions', hiddenHeader: true, end: true, cell: actionsMenu },
  ];
  return (
    <DataTable
      query={query}
      columns={columns}
      label="Appointments"
      errorTitle="Could not load the appointments"
      errorMessage={appointmentsErrorMessage}
      empty={empty}
      pager={{
        noun: ['appointment', 'appointments'],
        onChange: onPage,
        summary: 'range-and-page',
        steps: true,
      }}
      minWidth={820}
      card={(appointment) => (
        <Card withBorder padding="sm" component="article">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600}>
                {formatDateTime(appointment.startsAt, timeZone)}
              </Text>
              <Text size="sm">{appointment.service}</Text>
            </Stack>
            {actionsMenu(appointment)}
          </Group>
          <Text size="xs" mt={4}>
            {appointment.contact.name || 'Unnamed caller'}
            {appointment.contact.phone || appointment.contact.email
              ? ` · ${appointment.contact.phone ?? appointment.contact.email}`
              : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {appointment.agent ? appointment.agent.name : 'Added by hand'}
          </Text>
          <Group gap={6} mt="xs">
            <AppointmentStatusBadge status={appointment.status} />
            {appointment.isTest && <TestBadge />}
          </Group>
        </Card>
      )}
    />
  );
}
