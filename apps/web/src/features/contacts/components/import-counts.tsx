import { Text } from '@mantine/core';
import type { ContactImport } from '@switchboard/shared/contact-imports';
import { formatCount } from '@switchboard/shared/format';

/**
 * "3 created · 1 updated · 0 skipped · 2 failed": what an import did, every count shown. Rows
 * that were merged into another row of the file (the same phone or email) are counted too, so
 * the counts add up to the rows read; rows imported with a value left out are counted apart.
 */
export function ImportCounts({ row }: { row: ContactImport }) {
  return (
    <Text size="sm" component="span">
      {formatCount(row.createdCount)} created · {formatCount(row.updatedCount)} updated ·{' '}
      {formatCount(row.skippedCount)} skipped · {formatCount(row.failedCount)} failed
      {row.mergedCount > 0 && ` · ${formatCount(row.mergedCount)} merged with another row`}
      {row.warningCount > 0 && ` · ${formatCount(row.warningCount)} imported with warnings`}
      {row.status === 'undone' &&
        (row.undoKeptCount ?? 0) > 0 &&
        ` · ${formatCount(row.undoKeptCount ?? 0)} kept when undone (changed since)`}
    </Text>
  );
}
