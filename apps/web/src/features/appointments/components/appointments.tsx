import {
  Button,
  CloseButton,
  Group,
  Pill,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  APPOINTMENT_TABS,
  type Appointment,
  type AppointmentTab,
} from '@switchboard/shared/appointments';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { TabList } from '../../../components/tab-list';
import { EmptyPanel } from '../../../components/empty-panel';
import { FiltersFold } from '../../../components/filters-fold';
import { TestFilterSelect } from '../../../components/test-mark';
import { useAppointmentPage } from '../api/list-appointments';
import type { SearchContacts } from '../api/search-contact-options';
import { useUpdateAppointment } from '../api/update-appointment';
import { useAppointmentParams } from '../hooks/use-appointment-params';
import { AddAppointmentModal, type AgentOption } from './add-appointment-modal';
import { AppointmentCalendar } from './appointment-calendar';
import { AppointmentsTable, type AppointmentAction } from './appointments-table';
import { CancelAppointmentModal } from './cancel-appointment-modal';
import { RescheduleModal } from './reschedule-modal';

const TAB_LABELS: Record<AppointmentTab, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
};

const EMPTY: Record<AppointmentTab, { title: string; description: string }> = {
  upcoming: {
    title: 'No upcoming appointments',
    description:
      'Appointments your agents book on calls appear here, soonest first. You can also add one by hand.',
  },
  past: {
    title: 'No past appointments',
    description: 'Appointments move here once their time has come; mark each completed or no-show.',
  },
  cancelled: {
    title: 'No cancelled appointments',
    description: 'Cancelled appointments are kept here.',
  },
};

type AppointmentsProps = {
  /** The business's zone: every time is shown and typed in it. */
  timeZone: string;
  /** The business's agents, for the filter and the form (undefined while they load). */
  agents: AgentOption[] | undefined;
  searchContacts: SearchContacts;
};

/**
 * The business's appointments: tabs, agent and contact filters, one page at a time (the seed's
 * page 1 and 10 a page), and the actions — add, reschedule, cancel, completed, no-show. All of
 * the state is in the URL.
 */
export function Appointments({ timeZone, agents, searchContacts }: AppointmentsProps) {
  const { state, change } = useAppointmentParams();
  const appointments = useAppointmentPage({
    tab: state.tab,
    agentId: state.agentId,
    contactId: state.contactId,
    test: state.test,
    page: state.page,
    limit: state.limit,
  });
  const update = useUpdateAppointment();
  const [addOpened, addModal] = useDisclosure(false);
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const now = new Date();

  const onAction = (appointment: Appointment, action: AppointmentAction) => {
    if (action === 'reschedule') return setRescheduling(appointment);
    if (action === 'cancel') return setCancelling(appointment);
    const status = action === 'complete' ? 'completed' : 'no_show';
    update.mutate(
      { id: appointment.id, change: { status } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: status === 'completed' ? 'Marked completed' : 'Marked no-show',
            message: appointment.service,
          }),
      },
    );
  };

  const list = appointments.data;
  const filtered = state.agentId !== null || state.contactId !== null || state.test !== 'include';
  const contactName =
    state.contactId !== null
      ? (list?.data.find((a) => a.contact.id === state.contactId)?.contact.name ?? 'one contact')
      : null;

  const empty = (
    <EmptyPanel
      icon={IconCalendarEvent}
      title={filtered ? 'No appointments match these filters' : EMPTY[state.tab].title}
      description={
        filtered
          ? 'Clear the agent, contact or test-call filter to see every appointment.'
          : EMPTY[state.tab].description
      }
      action={
        filtered ? (
          <Button
            variant="light"
            onClick={() => change({ agentId: null, contactId: null, test: 'include' })}
          >
            Clear the filters
          </Button>
        ) : undefined
      }
    />
  );
  let body = (
    <AppointmentsTable
      query={appointments}
      empty={empty}
      onPage={change}
      timeZone={timeZone}
      now={now}
      onAction={onAction}
      onFilterContact={(contactId) => change({ contactId })}
    />
  );

  const calendarView = state.view === 'day' || state.view === 'week' ? state.view : null;
  if (calendarView) {
    body = (
      <AppointmentCalendar
        view={calendarView}
        day={state.day}
        timeZone={timeZone}
        agentId={state.agentId}
        test={state.test}
        now={now}
        onDay={(day) => change({ day })}
        onAction={onAction}
      />
    );
  }
  const activeFilters = [state.agentId !== null, state.test !== 'include'].filter(Boolean).length;

  return (
    <>
      <Stack gap="sm" mb="md">
        <Group justify="space-between" gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="View"
            value={state.view}
            onChange={(value) => change({ view: value })}
            data={[
              { value: 'list', label: 'List' },
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
            ]}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={addModal.open}>
            Add appointment
          </Button>
        </Group>
        <Group justify="space-between" gap="sm" align="flex-end">
          {calendarView === null ? (
            <Tabs
              value={state.tab}
              onChange={(value) => value && change({ tab: value as AppointmentTab })}
              variant="pills"
            >
              <TabList label="Appointments" tabs={APPOINTMENT_TABS} labels={TAB_LABELS} />
            </Tabs>
          ) : (
            <span />
          )}
          <FiltersFold active={activeFilters}>
            <Select
              label="Agent"
              placeholder="All agents"
              clearable
              data={(agents ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
              value={state.agentId}
              onChange={(value) => change({ agentId: value })}
              w={{ base: '100%', sm: 220 }}
            />
            <TestFilterSelect
              value={state.test}
              onChange={(test) => change({ test })}
              w={{ base: '100%', sm: 200 }}
            />
          </FiltersFold>
        </Group>
      </Stack>
      {state.contactId !== null && (
        <Group gap="xs" mb="sm">
          <Text size="sm" c="dimmed">
            Contact:
          </Text>
          <Pill size="md">
            <Group gap={4} wrap="nowrap">
              {contactName}
              <CloseButton
                size="xs"
                aria-label="Show every contact's appointments"
                onClick={() => change({ contactId: null })}
              />
            </Group>
          </Pill>
        </Group>
      )}
      {body}
      <AddAppointmentModal
        opened={addOpened}
        onClose={addModal.close}
        timeZone={timeZone}
        agents={agents ?? []}
        searchContacts={searchContacts}
        contactId={state.contactId}
      />
      <RescheduleModal
        appointment={rescheduling}
        timeZone={timeZone}
        onClose={() => setRescheduling(null)}
      />
      <CancelAppointmentModal
        appointment={cancelling}
        timeZone={timeZone}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
