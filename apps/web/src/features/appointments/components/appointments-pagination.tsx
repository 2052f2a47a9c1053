import { Button, Group, Select, Text } from '@mantine/core';
import {
  changeAppointmentsLimit,
  nextAppointmentsPage,
  previousAppointmentsPage,
} from '@switchboard/shared/appointments';
import type { PaginationMeta } from '@switchboard/shared/pagination';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';

export const APPOINTMENT_PAGE_SIZES = ['10', '20', '50', '100'];

type AppointmentsPaginationProps = {
  page: number;
  limit: number;
  meta: PaginationMeta;
  onChange: (next: { page: number; limit: number }) => void;
};

/**
 * The seed's paging (§4): previous and next are offered exactly when the answer's meta.hasPrev
 * and meta.hasNext say so; a new page size goes back to page 1.
 */
export function AppointmentsPagination({
  page,
  limit,
  meta,
  onChange,
}: AppointmentsPaginationProps) {
  const sizeId = useId();
  const first = meta.total === 0 ? 0 : (meta.page - 1) * meta.limit + 1;
  const last = Math.min(meta.page * meta.limit, meta.total);
  const noun = meta.total === 1 ? 'appointment' : 'appointments';
  return (
    <Group justify="space-between" gap="md" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {meta.total === 0
          ? 'No appointments'
          : `${first}–${last} of ${meta.total} ${noun} · page ${meta.page} of ${Math.max(1, meta.totalPages)}`}
      </Text>
      <Group gap="md">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor={sizeId}>
            Rows per page
          </Text>
          <Select
            id={sizeId}
            data={APPOINTMENT_PAGE_SIZES}
            value={String(limit)}
            onChange={(value) =>
              value && onChange(changeAppointmentsLimit({ page, limit }, Number(value)))
            }
            allowDeselect={false}
            w={84}
            size="xs"
            withCheckIcon={false}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!meta.hasPrev}
            onClick={() => onChange(previousAppointmentsPage({ page, limit }, meta))}
          >
            Previous
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={!meta.hasNext}
            onClick={() => onChange(nextAppointmentsPage({ page, limit }, meta))}
          >
            Next
          </Button>
        </Group>
      </Group>
    </Group>
  );
}
