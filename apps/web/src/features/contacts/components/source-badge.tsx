import { Badge } from '@mantine/core';
import type { ContactSource } from '@switchboard/shared/contacts';

const SOURCES: Record<ContactSource, { label: string; color: string }> = {
  call: { label: 'Call', color: 'blue' },
  import: { label: 'Import', color: 'grape' },
  manual: { label: 'Manual', color: 'gray' },
};

/** Where a contact came from. */
export function SourceBadge({ source }: { source: ContactSource }) {
  const { label, color } = SOURCES[source];
  return (
    <Badge variant="light" color={color} size="sm">
      {label}
    </Badge>
  );
}
