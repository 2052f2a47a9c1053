import { Anchor, Card, Group, Text } from '@mantine/core';
import { contactsErrorMessage, type Contact } from '@switchboard/shared/contacts';
import { formatDate } from '@switchboard/shared/format';
import type { Paginated } from '@switchboard/shared/pagination';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ResourceActions } from '../../../components/resource-actions';
import type { TablePaginationProps } from '../../../components/table-pagination';
import { TestBadge } from '../../../components/test-mark';
import { SourceBadge } from './source-badge';

type ContactsTableProps = {
  query: UseQueryResult<Paginated<Contact>>;
  /** What an empty first page says (no contacts yet, or none match the search). */
  empty: ReactElement;
  onPage: TablePaginationProps['onChange'];
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  /** The business's zone: dates are shown in it. */
  timeZone: string;
};

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

function ContactLink({ contact, fw }: { contact: Contact; fw: number }) {
  return (
    <Anchor
      component={Link}
      to={`/contacts/${encodeURIComponent(contact.id)}`}
      fw={fw}
      size="sm"
      miw={0}
    >
      {contact.name || 'Unnamed contact'}
    </Anchor>
  );
}

/** One page of contacts, with Edit and Delete per row (a card a contact on a phone). */
export function ContactsTable({
  query,
  empty,
  onPage,
  onEdit,
  onDelete,
  timeZone,
}: ContactsTableProps) {
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const columns: DataColumn<Contact>[] = [
    // A link, so the contact's page opens with Tab and Enter too.
    { header: 'Name', cell: (contact) => <ContactLink contact={contact} fw={500} /> },
    {
      header: 'Phone',
      cell: (contact) => (contact.phone ? <span style={nowrap}>{contact.phone}</span> : none),
    },
    { header: 'Email', cell: (contact) => contact.email ?? none },
    { header: 'Company', cell: (contact) => contact.company ?? none },
    {
      header: 'Source',
      cell: (contact) => (
        <Group gap={4} wrap="nowrap">
          <SourceBadge source={contact.source} />
          {contact.isTest && <TestBadge />}
        </Group>
      ),
    },
    {
      header: 'Added',
      cell: (contact) => <span style={nowrap}>{formatDate(contact.createdAt, timeZone)}</span>,
    },
    {
      header: 'Actions',
      hiddenHeader: true,
      end: true,
      cell: (contact) => (
        <ResourceActions
          name={contact.name}
          onEdit={() => onEdit(contact)}
          onDelete={() => onDelete(contact)}
        />
      ),
    },
  ];
  return (
    <DataTable
      query={query}
      columns={columns}
      label="Contacts"
      errorTitle="Could not load the contacts"
      errorMessage={contactsErrorMessage}
      loadingLabel="Loading the contacts…"
      empty={empty}
      pager={{ noun: ['contact', 'contacts'], onChange: onPage }}
      // Wide on purpose: the table scrolls sideways inside its panel rather than squeeze.
      minWidth={860}
      card={(contact) => (
        <Card withBorder padding="sm" component="article">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <ContactLink contact={contact} fw={600} />
            <Group gap={4} wrap="nowrap">
              {contact.isTest && <TestBadge />}
              <SourceBadge source={contact.source} />
            </Group>
          </Group>
          <Text size="sm" mt={4}>
            {contact.phone ?? none}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {contact.email ?? none}
          </Text>
          {contact.company && (
            <Text size="xs" c="dimmed">
              {contact.company}
            </Text>
          )}
          <Group justify="space-between" mt="xs" gap="xs">
            <Text size="xs" c="dimmed">
              Added {formatDate(contact.createdAt, timeZone)}
            </Text>
            <ResourceActions
              name={contact.name}
              onEdit={() => onEdit(contact)}
              onDelete={() => onDelete(contact)}
            />
          </Group>
        </Card>
      )}
    />
  );
}
