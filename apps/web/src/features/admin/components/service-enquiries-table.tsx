import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@switchboard/shared/format';
import { IconInbox } from '@tabler/icons-react';
import { EmptyPanel } from '../../../components/empty-panel';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { TableSkeleton } from '../../../components/table-skeleton';
import type { PageParams } from '../api/list-businesses';
import { useServiceEnquiries } from '../api/list-service-enquiries';

const COLUMNS = ['Received', 'Business', 'Contact', 'Country', 'Website', 'Status'];

type ServiceEnquiriesTableProps = PageParams & {
  onPageChange: (next: { page?: number; limit?: number }) => void;
  timeZone: string;
};

/** The landing page's service enquiries, newest first (each also arrives by mail). */
export function ServiceEnquiriesTable({
  page,
  limit,
  onPageChange,
  timeZone,
}: ServiceEnquiriesTableProps) {
  const enquiries = useServiceEnquiries({ page, limit });

  if (enquiries.isError && !enquiries.data) {
    return (
      <QueryError
        title="Could not load the service enquiries"
        error={enquiries.error}
        onRetry={() => void enquiries.refetch()}
        retrying={enquiries.isFetching}
      />
    );
  }
  const rows = enquiries.data?.data;
  if (rows && rows.length === 0 && page === 1) {
    return (
      <EmptyPanel
        icon={IconInbox}
        title="No service enquiries yet"
        description="Prospects who send the form on the landing page appear here, and each one is mailed to the operators."
      />
    );
  }

  return (
    <>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={860}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            aria-busy={enquiries.isFetching}
            style={{ opacity: enquiries.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {rows ? (
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length}>
                      <PastLastPage onFirstPage={() => onPageChange({ page: 1 })} />
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((enquiry) => (
                    <Table.Tr key={enquiry.id}>
                      <Table.Td>
                        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(enquiry.createdAt, timeZone)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {enquiry.businessName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text size="sm">{enquiry.poc}</Text>
                          {enquiry.email && (
                            <Anchor size="xs" href={`mailto:${enquiry.email}`}>
                              {enquiry.email}
                            </Anchor>
                          )}
                          {enquiry.phone && (
                            <Text size="xs" c="dimmed">
                              {enquiry.phone}
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{enquiry.country}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          size="sm"
                          href={enquiry.website}
                          target="_blank"
                          rel="noopener noreferrer nofollow"
                        >
                          {enquiry.website.replace(/^https?:\/\//, '')}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={enquiry.status === 'new' ? 'brand' : 'gray'}>
                          {enquiry.status}
                        </Badge>
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
      </Paper>
      {enquiries.data && (
        <TablePagination
          meta={enquiries.data.meta}
          noun={['enquiry', 'enquiries']}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
