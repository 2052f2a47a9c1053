import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ServiceEnquiryRecord } from '@switchboard/shared/service-enquiries';
import { formatDateTime } from '@switchboard/shared/format';
import { IconInbox } from '@tabler/icons-react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import type { PageParams } from '../api/list-businesses';
import { useServiceEnquiries } from '../api/list-service-enquiries';

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

  const columns: DataColumn<ServiceEnquiryRecord>[] = [
    {
      header: 'Received',
      cell: (enquiry) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(enquiry.createdAt, timeZone)}
        </Text>
      ),
    },
    {
      header: 'Business',
      cell: (enquiry) => (
        <Text fw={600} size="sm">
          {enquiry.businessName}
        </Text>
      ),
    },
    {
      header: 'Contact',
      cell: (enquiry) => (
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
      ),
    },
    { header: 'Country', cell: (enquiry) => <Text size="sm">{enquiry.country}</Text> },
    {
      header: 'Website',
      cell: (enquiry) => (
        <Anchor size="sm" href={enquiry.website} target="_blank" rel="noopener noreferrer nofollow">
          {enquiry.website.replace(/^https?:\/\//, '')}
        </Anchor>
      ),
    },
    {
      header: 'Status',
      cell: (enquiry) => (
        <Badge variant="light" color={enquiry.status === 'new' ? 'brand' : 'gray'}>
          {enquiry.status}
        </Badge>
      ),
    },
  ];

  return (
    <DataTable
      query={enquiries}
      columns={columns}
      errorTitle="Could not load the service enquiries"
      empty={{
        icon: IconInbox,
        title: 'No service enquiries yet',
        description:
          'Prospects who send the form on the landing page appear here, and each one is mailed to the operators.',
      }}
      label="Service enquiries"
      minWidth={860}
      pager={{ noun: ['enquiry', 'enquiries'], onChange: onPageChange }}
    />
  );
}
