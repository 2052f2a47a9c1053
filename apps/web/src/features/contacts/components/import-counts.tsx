import { Text } from '@mantine/core';
import type { ContactImport } from '@switchboard/shared/contact-imports';

/** "3 created · 1 updated · 0 skipped · 2 failed": what an import did, every count shown. */
export function ImportCounts({ row }: { row: ContactImport }) {
  return (
    <Text size="sm" component="span">
      {row.createdCount} created · {row.updatedCount} updated · {row.skippedCount} skipped ·{' '}
      {row.failedCount} failed
    </Text>
  );
}
