import { Badge } from '@mantine/core';
import type { ContactImport, ContactImportStatus } from '@switchboard/shared/contact-imports';

const STATUSES: Record<ContactImportStatus, { label: string; color: string }> = {
  uploaded: { label: 'Not started', color: 'gray' },
  queued: { label: 'Queued', color: 'blue' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  undone: { label: 'Undone', color: 'gray' },
};

/**
 * The import's status; a completed import with rows left out or values dropped says so, and
 * one in which every row failed is failed (the server says so).
 */
export function ImportStatusBadge({
  row,
}: {
  row: Pick<ContactImport, 'status' | 'failedCount' | 'warningCount'>;
}) {
  const { label, color } =
    row.status === 'completed' && (row.failedCount > 0 || row.warningCount > 0)
      ? { label: 'Completed with warnings', color: 'yellow' }
      : STATUSES[row.status];
  return (
    // Never narrowed to an ellipsis by a crowded table row.
    <Badge variant="light" color={color} size="sm" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
