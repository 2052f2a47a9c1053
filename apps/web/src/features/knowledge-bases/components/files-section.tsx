import { Group, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { formatDate } from '@switchboard/shared/format';
import {
  KNOWLEDGE_FILE_KIND_LABELS,
  renameKnowledgeFileSchema,
  type KnowledgeFile,
} from '@switchboard/shared/knowledge-bases';
import { IconFileText } from '@tabler/icons-react';
import { EmptyPanel } from '../../../components/empty-panel';
import { QueryError } from '../../../components/query-error';
import { ResourceActions } from '../../../components/resource-actions';
import { useDisplayTimeZone } from '../../../lib/session-context';
import { useDeleteFile, useFiles, useRenameFile } from '../api/knowledge-bases';
import { ItemCardHead } from './item-card-head';
import { RenameAndDeleteModals, useRenameAndDelete } from './rename-and-delete';
import { DocumentDropZone } from './document-drop-zone';
import { UploadList, useDocumentUploads } from './document-uploads';
import { StatusBadge } from './status-badge';

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The business's documents: upload (drop zone, progress), status badges, rename, delete. */
export function FilesSection() {
  const query = useFiles();
  const timeZone = useDisplayTimeZone();
  const { uploads, start, dismiss } = useDocumentUploads();
  const actions = useRenameAndDelete<KnowledgeFile>('document', useRenameFile(), useDeleteFile());

  return (
    <Stack gap="sm" component="section" aria-labelledby="files-heading">
      <Title order={2} size="h4" id="files-heading">
        Files
      </Title>
      <DocumentDropZone onFiles={start} />
      <UploadList uploads={uploads} onDismiss={dismiss} />
      {query.isError && !query.data ? (
        <QueryError
          title="Could not load the files"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !query.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label="Loading files">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={84} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.data.length === 0 ? (
        <EmptyPanel
          icon={IconFileText}
          title="No documents yet"
          description="Upload price lists, FAQs or policies, then build a knowledge base from them so your agent can answer from them."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" aria-label="Files" m={0} p={0}>
          {query.data.map((file) => (
            <Paper key={file.id} withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
              <ItemCardHead
                name={file.name}
                fw={500}
                details={
                  <>
                    {file.kind ? KNOWLEDGE_FILE_KIND_LABELS[file.kind] : 'Document'} ·{' '}
                    {formatBytes(file.bytes)} · {formatDate(file.createdAt, timeZone)}
                  </>
                }
              >
                <Group gap={4} wrap="nowrap">
                  <StatusBadge status={file.status} />
                  <ResourceActions {...actions.itemActions(file)} />
                </Group>
              </ItemCardHead>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <RenameAndDeleteModals actions={actions} schema={renameKnowledgeFileSchema}>
        is deleted on the voice platform and taken out of every knowledge base built from it.
      </RenameAndDeleteModals>
    </Stack>
  );
}
