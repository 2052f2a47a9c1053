import { Badge } from '@mantine/core';
import type { ContactImportStatus } from '@switchboard/shared/contact-imports';

const STATUSES: Record<ContactImportStatus, { label: string; color: string }> = {
  uploaded: { label: 'Not started', color: 'gray' },
  queued: { label: 'Queued', color: 'blue' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  undone: { label: 'Undone', color: 'gray' },
};

export function ImportStatusBadge({ status }: { status: ContactImportStatus }) {
  const { label, color } = STATUSES[status];
  return (
    // Never narrowed to an ellipsis by a crowded table row.
    <Badge variant="light" color={color} size="sm" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
