import {
  ActionIcon,
  Anchor,
  Card,
  Group,
  Skeleton,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { appointmentActions, type Appointment } from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import {
  IconCalendarTime,
  IconCircleCheck,
  IconCircleX,
  IconDots,
  IconFilter,
  IconUserX,
} from '@tabler/icons-react';
import { PastLastPage } from '../../../components/past-last-page';
import { TableSkeleton } from '../../../components/table-skeleton';
import { TestBadge } from '../../../components/test-mark';
import { useIsPhone } from '../../../lib/use-is-phone';
import { AppointmentStatusBadge } from './appointment-status-badge';

const COLUMNS = ['When', 'Service', 'Contact', 'Agent', 'Status', ''];

export type AppointmentAction = 'reschedule' | 'cancel' | 'complete' | 'noShow';

type AppointmentsTableProps = {
  rows: Appointment[] | undefined;
  timeZone: string;
  busy: boolean;
  pastLastPage: boolean;
  now: Date;
  onFirstPage: () => void;
  onAction: (appointment: Appointment, action: AppointmentAction) => void;
  onFilterContact: (contactId: string) => void;
};

export const ACTION_ITEMS: {
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

/** One page of appointments, times in the business's zone, with the actions each one allows. */
export function AppointmentsTable({
  rows,
  timeZone,
  busy,
  pastLastPage,
  now,
  onFirstPage,
  onAction,
  onFilterContact,
}: AppointmentsTableProps) {
  const phone = useIsPhone();
  const actionsMenu = (appointment: Appointment) => {
    const allowed = appointmentActions(appointment, now);
    const items = ACTION_ITEMS.filter((item) => allowed[item.action]);
    if (items.length === 0) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Actions for ${appointment.service} on ${formatDateTime(appointment.startsAt, timeZone)}`}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
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
  };
  if (phone) {
    return (
      <Stack
        gap="sm"
        aria-busy={busy}
        aria-label="Appointments"
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        {!rows ? (
          <>
            <Skeleton height={96} />
            <Skeleton height={96} />
          </>
        ) : pastLastPage ? (
          <PastLastPage onFirstPage={onFirstPage} />
        ) : (
          rows.map((appointment) => (
            <Card key={appointment.id} withBorder padding="sm" component="article">
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
          ))
        )}
      </Stack>
    );
  }
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={820}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-busy={busy}
          style={{ opacity: busy ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column, i) => (
                <Table.Th key={i}>{column || <VisuallyHidden>Actions</VisuallyHidden>}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {!rows ? (
            <TableSkeleton columns={COLUMNS.length} />
          ) : (
            <Table.Tbody>
              {pastLastPage ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <PastLastPage onFirstPage={onFirstPage} />
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((appointment) => {
                  return (
                    <Table.Tr key={appointment.id}>
                      <Table.Td>
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(appointment.startsAt, timeZone)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {Math.round(
                            (Date.parse(appointment.endsAt) - Date.parse(appointment.startsAt)) /
                              60_000,
                          )}{' '}
                          min
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{appointment.service}</Text>
                          {appointment.isTest && <TestBadge />}
                        </Group>
                        {appointment.notes && (
                          <Text size="xs" c="dimmed" lineClamp={1} title={appointment.notes}>
                            {appointment.notes}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
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
                      </Table.Td>
                      <Table.Td>
                        {appointment.agent ? (
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
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <AppointmentStatusBadge status={appointment.status} />
                      </Table.Td>
                      <Table.Td ta="right">{actionsMenu(appointment)} </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          )}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
