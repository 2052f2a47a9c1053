import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  contactsErrorMessage,
  type ContactAppointment,
  type ContactDetail as ContactDetailData,
  type ContactEnquiry,
} from '@switchboard/shared/contacts';
import type { CallLogRow } from '@switchboard/shared/call-logs';
import { CALL_OUTCOME_LABELS } from '@switchboard/shared/calls';
import { formatDateTime } from '@switchboard/shared/format';
import { countries } from '@switchboard/shared/countries';
import { IconPencil, IconPhoneOutgoing, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyPanel } from '../../../components/empty-panel';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { failureReason, isApiError, withMessage } from '../../../lib/api-client';
import { useContact } from '../api/get-contact';
import { ManagerOnlyButton } from '../../../components/manager-only';
import { useCanSpendAndDelete } from '../../../lib/session-context';
import { CallBackModal } from '../../../components/call-back-modal';
import { ContactFormModal } from './contact-form-modal';
import { DeleteContactModal } from './delete-contact-modal';
import { useSetContactDoNotCall } from '../api/set-contact-do-not-call';
import { SourceBadge } from './source-badge';
import { EndReasonLabel } from '../../../components/end-reason-label';

const crumbs = [{ label: 'Contacts', to: '/contacts' }];

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** A contact's other numbers or addresses, one a line; "—" when it has none. */
function ValueList({ values }: { values: string[] }) {
  if (values.length === 0) return none;
  return (
    <Stack gap={2} component="span">
      {values.map((value) => (
        <span key={value} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </span>
      ))}
    </Stack>
  );
}

/** "no_show" → "No show". */
const statusLabel = (status: string) =>
  (status.charAt(0).toUpperCase() + status.slice(1)).replace(/_/g, ' ');

const STATUS_COLORS: Record<string, string> = {
  open: 'blue',
  pending: 'yellow',
  resolved: 'teal',
  closed: 'gray',
  scheduled: 'blue',
  completed: 'teal',
  cancelled: 'gray',
  no_show: 'red',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" size="sm" color={STATUS_COLORS[status] ?? 'gray'}>
      {statusLabel(status)}
    </Badge>
  );
}

/** A titled list of the contact's items: "Calls · 23", "the latest 20" when there are more. */
function Section({
  title,
  total,
  shown,
  empty,
  children,
}: {
  title: string;
  total: number;
  shown: number;
  empty: string;
  children: ReactNode;
}) {
  const id = `contact-${title.toLowerCase()}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Group gap="xs" align="baseline">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {total === 0 ? '' : total > shown ? `the latest ${shown} of ${total}` : String(total)}
        </Text>
      </Group>
      {shown === 0 ? (
        <Paper withBorder p="md">
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640}>{children}</Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The contact's calls; with other numbers, each call says which number it came from (the
 * platform's spelling, as the call log shows it).
 */
function CallsTable({ calls, showFrom }: { calls: CallLogRow[]; showFrom: boolean }) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Start time</Table.Th>
          {showFrom && <Table.Th>From</Table.Th>}
          <Table.Th>Agent</Table.Th>
          <Table.Th>Duration</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>Ended</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {calls.map((call) => (
          <Table.Tr key={call.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {call.assistantId ? (
                <Anchor
                  component={Link}
                  to={`/agent/${encodeURIComponent(call.assistantId)}/call-logs?call=${encodeURIComponent(call.id)}`}
                  aria-label={`Call of ${call.startTime}`}
                >
                  {call.startTime}
                </Anchor>
              ) : (
                call.startTime
              )}
            </Table.Td>
            {showFrom && (
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {call.customerPhone}
              </Table.Td>
            )}
            <Table.Td>{call.assistant}</Table.Td>
            <Table.Td>{call.duration}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                size="sm"
                color={call.successEvaluation === 'pass' ? 'teal' : 'red'}
              >
                {CALL_OUTCOME_LABELS[call.successEvaluation]}
              </Badge>
            </Table.Td>
            <Table.Td>
              <EndReasonLabel reason={call.endReason} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function EnquiriesTable({
  enquiries,
  contactId,
  timeZone,
}: {
  enquiries: ContactEnquiry[];
  contactId: string;
  timeZone: string;
}) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Subject</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Agent</Table.Th>
          <Table.Th>Received</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {enquiries.map((enquiry) => (
          <Table.Tr key={enquiry.id}>
            <Table.Td fw={enquiry.isRead ? 400 : 600}>
              {enquiry.assistantId ? (
                <Anchor
                  component={Link}
                  to={`/agent/${encodeURIComponent(enquiry.assistantId)}/enquiries/${encodeURIComponent(contactId)}`}
                >
                  {enquiry.subject}
                </Anchor>
              ) : (
                enquiry.subject
              )}
              {!enquiry.isRead && <VisuallyHidden> (unread)</VisuallyHidden>}
            </Table.Td>
            <Table.Td>
              <StatusBadge status={enquiry.status} />
            </Table.Td>
            <Table.Td>{enquiry.agentName ?? none}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(enquiry.createdAt, timeZone)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AppointmentsTable({
  appointments,
  timeZone,
}: {
  appointments: ContactAppointment[];
  timeZone: string;
}) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Service</Table.Th>
          <Table.Th>Starts</Table.Th>
          <Table.Th>Ends</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Agent</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {appointments.map((appointment) => (
          <Table.Tr key={appointment.id}>
            <Table.Td fw={500}>{appointment.service}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(appointment.startsAt, timeZone)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(appointment.endsAt, timeZone)}
            </Table.Td>
            <Table.Td>
              <StatusBadge status={appointment.status} />
            </Table.Td>
            <Table.Td>{appointment.agentName ?? none}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Do-not-call: campaigns leave this contact out. */
function DoNotCallSwitch({ contactId, doNotCall }: { contactId: string; doNotCall: boolean }) {
  const mutation = useSetContactDoNotCall(contactId);
  // Set in the click's own render: the mutation's pending state reaches the component a tick
  // later, and a controlled switch would flick back to its old position in between.
  const [wanted, setWanted] = useState<boolean>();
  return (
    <Switch
      label="Do not call"
      checked={wanted ?? doNotCall}
      disabled={wanted !== undefined}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setWanted(next);
        mutation.mutate(next, { onSettled: () => setWanted(undefined) });
      }}
    />
  );
}

function Loaded({ contact }: { contact: ContactDetailData }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [calling, setCalling] = useState(false);
  const canSpend = useCanSpendAndDelete();
  const { timeZone } = contact;
  return (
    <>
      <PageHeader
        title={contact.name || 'Unnamed contact'}
        breadcrumbs={crumbs}
        timeZone={timeZone}
        actions={
          <Group gap="sm">
            {contact.phone && !contact.doNotCall && (
              <ManagerOnlyButton
                allowed={canSpend}
                action="place calls"
                leftSection={<IconPhoneOutgoing size={16} />}
                onClick={() => setCalling(true)}
              >
                Call back
              </ManagerOnlyButton>
            )}
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </Group>
        }
      />
      <Stack gap="xl">
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            <Field label="Phone">{contact.phone ?? none}</Field>
            <Field label="Email">{contact.email ?? none}</Field>
            <Field label="Other phone numbers">
              <ValueList values={contact.otherPhones} />
            </Field>
            <Field label="Other email addresses">
              <ValueList values={contact.otherEmails} />
            </Field>
            <Field label="Company">{contact.company ?? none}</Field>
            <Field label="Country">
              {contact.country === null
                ? none
                : (countries.find((country) => country.code === contact.country)?.name ??
                  contact.country)}
            </Field>
            <Field label="Source">
              <SourceBadge source={contact.source} />
            </Field>
            <Field label="Campaigns">
              <DoNotCallSwitch contactId={contact.id} doNotCall={contact.doNotCall} />
            </Field>
            <Field label="Added">{formatDateTime(contact.createdAt, timeZone)}</Field>
            <Field label="Updated">{formatDateTime(contact.updatedAt, timeZone)}</Field>
          </SimpleGrid>
          <Stack mt="lg">
            <Field label="Notes">
              {contact.notes ? (
                <span style={{ whiteSpace: 'pre-wrap' }}>{contact.notes}</span>
              ) : (
                none
              )}
            </Field>
          </Stack>
        </Paper>
        <Section
          title="Calls"
          total={contact.counts.calls}
          shown={contact.calls.length}
          empty={
            contact.phone || contact.otherPhones.length > 0
              ? contact.otherPhones.length > 0
                ? 'No calls from these numbers to your agents yet.'
                : 'No calls from this number to your agents yet.'
              : 'Calls are matched by phone number; this contact has none.'
          }
        >
          <CallsTable calls={contact.calls} showFrom={contact.otherPhones.length > 0} />
        </Section>
        <Section
          title="Enquiries"
          total={contact.counts.enquiries}
          shown={contact.enquiries.length}
          empty="No enquiries from this contact yet."
        >
          <EnquiriesTable
            enquiries={contact.enquiries}
            contactId={contact.id}
            timeZone={timeZone}
          />
        </Section>
        <Section
          title="Appointments"
          total={contact.counts.appointments}
          shown={contact.appointments.length}
          empty="No appointments for this contact yet."
        >
          <AppointmentsTable appointments={contact.appointments} timeZone={timeZone} />
        </Section>
      </Stack>
      <ContactFormModal opened={editing} item={contact} onClose={() => setEditing(false)} />
      {contact.phone && (
        <CallBackModal
          who={contact.name || contact.phone}
          phone={contact.phone}
          target={{ contactId: contact.id }}
          opened={calling}
          onClose={() => setCalling(false)}
        />
      )}
      <DeleteContactModal
        contact={deleting ? contact : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/contacts', { replace: true })}
      />
    </>
  );
}

/** One contact: its fields, calls, enquiries and appointments; edit and delete. */
export function ContactDetail({ contactId }: { contactId: string }) {
  const contact = useContact(contactId);
  if (contact.data) return <Loaded contact={contact.data} />;
  if (contact.isError) {
    const notFound = isApiError(contact.error) && contact.error.status === 404;
    return (
      <>
        <PageHeader title={notFound ? 'Contact not found' : 'Contact'} breadcrumbs={crumbs} />
        {notFound ? (
          <EmptyPanel
            icon={IconUserOff}
            title="Contact not found"
            description="This contact does not exist or is not one of your business's contacts."
            action={
              <Button component={Link} to="/contacts" variant="light">
                Back to contacts
              </Button>
            }
          />
        ) : (
          <QueryError
            title="Could not load the contact"
            error={withMessage(contact.error, contactsErrorMessage(failureReason(contact.error)))}
            onRetry={() => void contact.refetch()}
            retrying={contact.isFetching}
          />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader title="Contact" breadcrumbs={crumbs} />
      <Stack gap="xl" aria-busy>
        <Skeleton height={140} radius="md" />
        <Skeleton height={180} radius="md" />
        <VisuallyHidden role="status">Loading the contact…</VisuallyHidden>
      </Stack>
    </>
  );
}
