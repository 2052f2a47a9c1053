import { Text } from '@mantine/core';
import type { ContactImport } from '@switchboard/shared/contact-imports';
import { isImportActive } from '../api/get-contact-import';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "3 created · 1 updated · 0 skipped · 2 failed": what an import did, every count shown. Once
 * it has ended, rows that were merged into another row of the file (the same phone or email)
 * are counted too, so the counts add up to the rows read.
 */
export function ImportCounts({ row }: { row: ContactImport }) {
  const merged = isImportActive(row.status)
    ? 0
    : row.processedRows - row.createdCount - row.updatedCount - row.skippedCount - row.failedCount;
  return (
    <Text size="sm" component="span">
      {count(row.createdCount)} created · {count(row.updatedCount)} updated ·{' '}
      {count(row.skippedCount)} skipped · {count(row.failedCount)} failed
      {merged > 0 && ` · ${count(merged)} merged with another row`}
      {row.status === 'undone' &&
        (row.undoKeptCount ?? 0) > 0 &&
        ` · ${count(row.undoKeptCount ?? 0)} kept when undone (changed since)`}
    </Text>
  );
}
