import { Text } from '@mantine/core';
import type { ContactImport } from '@switchboard/shared/contact-imports';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "3 created · 1 updated · 0 skipped · 2 failed": what an import did, every count shown. Rows
 * that were merged into another row of the file (the same phone or email) are counted too, so
 * the counts add up to the rows read; rows imported with a value left out are counted apart.
 */
export function ImportCounts({ row }: { row: ContactImport }) {
  return (
    <Text size="sm" component="span">
      {count(row.createdCount)} created · {count(row.updatedCount)} updated ·{' '}
      {count(row.skippedCount)} skipped · {count(row.failedCount)} failed
      {row.mergedCount > 0 && ` · ${count(row.mergedCount)} merged with another row`}
      {row.warningCount > 0 && ` · ${count(row.warningCount)} imported with warnings`}
      {row.status === 'undone' &&
        (row.undoKeptCount ?? 0) > 0 &&
        ` · ${count(row.undoKeptCount ?? 0)} kept when undone (changed since)`}
    </Text>
  );
}
