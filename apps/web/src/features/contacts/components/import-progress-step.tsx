import { Anchor, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QueryError } from '../../../components/query-error';
import { Notice } from '../../../components/notice';
import {
  contactImportErrorsHref,
  contactImportsQueryKey,
  isImportActive,
  useContactImport,
} from '../api/get-contact-import';
import { contactsQueryKey } from '../api/list-contacts';
import type { ContactImport } from '@switchboard/shared/contact-imports';
import { ImportCounts } from './import-counts';

type ImportProgressStepProps = { importId: string; onClose: () => void };

/** A committed import: its progress every second, then what it did. */
export function ImportProgressStep({ importId, onClose }: ImportProgressStepProps) {
  const queryClient = useQueryClient();
  const query = useContactImport(importId);
  const row = query.data;
  const finished = row !== undefined && !isImportActive(row.status);

  // Once it stops, the contacts and the history show what it did.
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    void queryClient.invalidateQueries({ queryKey: [...contactImportsQueryKey, 'list'] });
  }, [finished, queryClient]);

  if (!row) {
    return query.isError ? (
      <QueryError
        title="Could not load the import"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : (
      <Group justify="center" py="lg">
        <Loader size="sm" />
      </Group>
    );
  }

  if (isImportActive(row.status)) {
    const total = row.totalRows;
    // The server's estimate, read with the counts (the query polls every second).
    const left = timeLeft(row);
    return (
      <Stack gap="sm">
        <Text size="sm" role="status">
          {row.status === 'queued'
            ? `Waiting to start ${row.fileName}…`
            : total === null
              ? `Counting the rows of ${row.fileName}…`
              : `${row.processedRows.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows imported`}
          {left !== null && ` · ${left}`}
        </Text>
        <Progress
          aria-label="Import progress"
          value={
            total === null || total === 0 ? 100 : Math.min(100, (row.processedRows / total) * 100)
          }
          striped={total === null}
          animated={total === null}
        />
        <Text size="xs" c="dimmed">
          You can close this window: the import carries on, and the history shows how it went.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const toFix = row.failedCount + row.warningCount;
  return (
    <Stack gap="md">
      {row.status === 'failed' ? (
        <Notice tone="danger" title="The import failed" icon={IconAlertCircle}>
          {row.error ?? 'Nothing was imported. Start it again.'}
        </Notice>
      ) : (
        <Notice
          tone={toFix > 0 ? 'warning' : 'success'}
          title={toFix > 0 ? 'Import finished with warnings' : 'Import finished'}
          icon={IconCircleCheck}
          role="status"
        >
          <ImportCounts row={row} />
        </Notice>
      )}
      {toFix > 0 && (
        <Anchor href={contactImportErrorsHref(row.id)} download size="sm">
          <Group gap={6} component="span" wrap="nowrap">
            <IconDownload size={16} />
            Download the rows to fix (your columns and a Problem column; correct them and import the
            file again)
          </Group>
        </Anchor>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * "about 40 s left": the server's estimate, from the pace so far; null until it has one. Under
 * a minute in seconds, then in minutes (rounded up).
 */
export function timeLeft(row: Pick<ContactImport, 'secondsLeft' | 'status'>): string | null {
  if (row.status !== 'running' || row.secondsLeft === null) return null;
  if (row.secondsLeft < 60) return `about ${Math.max(1, row.secondsLeft)} s left`;
  return `about ${Math.ceil(row.secondsLeft / 60)} min left`;
}
