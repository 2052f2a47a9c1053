import { Skeleton, Table } from '@mantine/core';

type TableSkeletonProps = { columns: number; rows?: number };

/** Placeholder rows while a table's first page loads, so the layout does not jump. */
export function TableSkeleton({ columns, rows = 6 }: TableSkeletonProps) {
  return (
    <Table.Tbody aria-hidden>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" width={column === 0 ? '70%' : '55%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
