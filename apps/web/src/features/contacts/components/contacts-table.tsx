import {
  ActionIcon,
  Anchor,
  Card,
  Group,
  Skeleton,
  Stack,
  Paper,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { Contact } from '@switchboard/shared/contacts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PastLastPage } from '../../../components/past-last-page';
import { TableSkeleton } from '../../../components/table-skeleton';
import { formatDate } from '@switchboard/shared/format';
import { TestBadge } from '../../../components/test-mark';
import { useIsPhone } from '../../../lib/use-is-phone';
import { SourceBadge } from './source-badge';

const COLUMNS = ['Name', 'Phone', 'Email', 'Company', 'Source', 'Added', 'Actions'] as const;

type ContactsTableProps = {
  /** undefined while the first page loads (skeleton rows). */
  rows: Contact[] | undefined;
  pastLastPage: boolean;
  onFirstPage: () => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  busy: boolean;
  /** The business's zone: dates are shown in it. */
  timeZone: string;
};

const none = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** One page of contacts, with Edit and Delete per row. */
export function ContactsTable({
  rows,
  pastLastPage,
  onFirstPage,
  onEdit,
  onDelete,
  busy,
  timeZone,
}: ContactsTableProps) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack gap="sm" aria-busy={busy} aria-label="Contacts">
        {!rows ? (
          <>
            <VisuallyHidden role="status">Loading the contacts…</VisuallyHidden>
            <Skeleton height={88} />
            <Skeleton height={88} />
          </>
        ) : pastLastPage ? (
          <PastLastPage onFirstPage={onFirstPage} />
        ) : (
          rows.map((contact) => (
            <Card key={contact.id} withBorder padding="sm" component="article">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Anchor
                  component={Link}
                  to={`/contacts/${encodeURIComponent(contact.id)}`}
                  fw={600}
                  size="sm"
                  miw={0}
                >
                  {contact.name || 'Unnamed contact'}
                </Anchor>
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
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${contact.name}`}
                    onClick={() => onEdit(contact)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${contact.name}`}
                    onClick={() => onDelete(contact)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))
        )}
      </Stack>
    );
  }
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      {/* Wide on purpose: on a phone the table scrolls sideways inside its panel. */}
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) =>
                column === 'Actions' ? (
                  <Table.Th key={column}>
                    <VisuallyHidden>{column}</VisuallyHidden>
                  </Table.Th>
                ) : (
                  <Table.Th key={column}>{column}</Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          {rows ? (
            <Table.Tbody>
              {pastLastPage ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <PastLastPage onFirstPage={onFirstPage} />
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((contact) => (
                  <Table.Tr key={contact.id}>
                    <Table.Td fw={500}>
                      {/* A link, so the contact's page opens with Tab and Enter too. */}
                      <Anchor
                        component={Link}
                        to={`/contacts/${encodeURIComponent(contact.id)}`}
                        fw={500}
                        size="sm"
                      >
                        {contact.name || 'Unnamed contact'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{contact.phone ?? none}</Table.Td>
                    <Table.Td>{contact.email ?? none}</Table.Td>
                    <Table.Td>{contact.company ?? none}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <SourceBadge source={contact.source} />
                        {contact.isTest && <TestBadge />}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(contact.createdAt, timeZone)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Edit ${contact.name}`}
                            onClick={() => onEdit(contact)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${contact.name}`}
                            onClick={() => onDelete(contact)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          ) : (
            <TableSkeleton columns={COLUMNS.length} />
          )}
        </Table>
      </Table.ScrollContainer>
      {!rows && <VisuallyHidden role="status">Loading the contacts…</VisuallyHidden>}
    </Paper>
  );
}
