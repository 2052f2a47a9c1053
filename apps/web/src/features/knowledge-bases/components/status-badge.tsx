import { Badge, Loader } from '@mantine/core';
import type { FileStatus, KnowledgeBaseFileStatus } from '@switchboard/shared/knowledge-bases';

const LOOK: Record<FileStatus | KnowledgeBaseFileStatus, { label: string; color: string }> = {
  processing: { label: 'Processing', color: 'blue' },
  indexing: { label: 'Indexing', color: 'blue' },
  done: { label: 'Ready', color: 'teal' },
  ready: { label: 'Ready', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** A document's state on the platform: processing or indexing (still working), ready, failed. */
export function StatusBadge({ status }: { status: FileStatus | KnowledgeBaseFileStatus | null }) {
  if (!status)
    return (
      <Badge variant="light" color="gray">
        Unknown
      </Badge>
    );
  const { label, color } = LOOK[status];
  const busy = status === 'processing' || status === 'indexing';
  return (
    <Badge
      variant="light"
      color={color}
      leftSection={busy ? <Loader size={10} color={color} aria-hidden /> : undefined}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}
