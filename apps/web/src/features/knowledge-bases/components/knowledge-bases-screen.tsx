import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDate } from '@switchboard/shared/format';
import { renameKnowledgeBaseSchema, type KnowledgeBase } from '@switchboard/shared/knowledge-bases';
import { IconBooks, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyPanel } from '../../../components/empty-panel';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ManagerOnlyNotice } from '../../../components/manager-only';
import { ResourceActions } from '../../../components/resource-actions';
import { useCanSpendAndDelete, useDisplayTimeZone } from '../../../lib/session-context';
import { FormAlert } from '../../../components/form-alert';
import {
  useDeleteKnowledgeBase,
  useKnowledgeBases,
  useRenameKnowledgeBase,
  useRetryKnowledgeBaseFile,
} from '../api/knowledge-bases';
import { ItemCardHead } from './item-card-head';
import { RenameAndDeleteModals, useRenameAndDelete } from './rename-and-delete';
import { FilesSection } from './files-section';
import { NewKnowledgeBaseModal } from './new-knowledge-base-modal';
import { StatusBadge } from './status-badge';

/** `/knowledge-bases`: the business's knowledge bases and the documents they are built from. */
export function KnowledgeBasesScreen() {
  const [creating, setCreating] = useState(false);
  // Deleting documents and knowledge bases on the platform: owners and managers (decision 051).
  const canDelete = useCanSpendAndDelete();
  // The upload and creation dates below are days in the business's zone.
  const timeZone = useDisplayTimeZone();
  return (
    <>
      <PageHeader
        title="Files and knowledge bases"
        timeZone={timeZone}
        description="Documents your agents answer from: upload them, build a knowledge base, then attach it to an agent in its settings."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New knowledge base
          </Button>
        }
        notice={
          canDelete ? undefined : <ManagerOnlyNotice action="delete documents or knowledge bases" />
        }
      />
      <Stack gap="xl">
        <KnowledgeBasesSection onCreate={() => setCreating(true)} />
        <FilesSection />
      </Stack>
      <NewKnowledgeBaseModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function KnowledgeBasesSection({ onCreate }: { onCreate: () => void }) {
  const query = useKnowledgeBases();
  const timeZone = useDisplayTimeZone();
  const actions = useRenameAndDelete<KnowledgeBase>(
    'knowledge base',
    useRenameKnowledgeBase(),
    useDeleteKnowledgeBase(),
  );
  const retry = useRetryKnowledgeBaseFile();

  let body;
  if (query.isError && !query.data) {
    body = (
      <QueryError
        title="Could not load the knowledge bases"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!query.data) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label="Loading knowledge bases">
        {[0, 1].map((n) => (
          <Skeleton key={n} h={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.data.length === 0) {
    body = (
      <EmptyPanel
        icon={IconBooks}
        title="No knowledge bases yet"
        description="Build one from your documents; an agent it is attached to answers callers' questions from it."
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            New knowledge base
          </Button>
        }
      />
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        component="ul"
        aria-label="Knowledge bases"
        m={0}
        p={0}
      >
        {query.data.map((base) => (
          <Paper key={base.id} withBorder p="md" component="li" style={{ listStyle: 'none' }}>
            <Stack gap="xs">
              <ItemCardHead
                name={base.name}
                fw={600}
                details={
                  <>
                    {base.files.length} document{base.files.length === 1 ? '' : 's'} · created{' '}
                    {formatDate(base.createdAt, timeZone)}
                  </>
                }
              >
                <ResourceActions {...actions.itemActions(base)} />
              </ItemCardHead>
              {base.description && (
                <Text size="sm" lineClamp={2}>
                  {base.description}
                </Text>
              )}
              <Stack gap={4} component="ul" m={0} p={0} aria-label={`Documents in ${base.name}`}>
                {base.files.map((file) => (
                  <Group
                    key={file.fileId}
                    component="li"
                    justify="space-between"
                    gap="xs"
                    wrap="nowrap"
                    style={{ listStyle: 'none' }}
                  >
                    <Text size="sm" truncate="end" title={file.name}>
                      {file.name}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      {file.status === 'failed' && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          leftSection={<IconRefresh size={12} />}
                          aria-label={`Try ${file.name} again`}
                          loading={
                            retry.isPending &&
                            retry.variables.baseId === base.id &&
                            retry.variables.fileId === file.fileId
                          }
                          onClick={() => retry.mutate({ baseId: base.id, fileId: file.fileId })}
                        >
                          Try again
                        </Button>
                      )}
                      <StatusBadge status={file.status} />
                    </Group>
                  </Group>
                ))}
              </Stack>
              {!base.toolId && (
                <Badge variant="light" color="yellow">
                  Not searchable yet
                </Badge>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="knowledge-bases-heading">
      <Title order={2} size="h4" id="knowledge-bases-heading">
        Knowledge bases
      </Title>
      {body}
      {retry.isError && <FormAlert title="Could not read the document again" error={retry.error} />}
      <RenameAndDeleteModals actions={actions} schema={renameKnowledgeBaseSchema}>
        is deleted on the voice platform; its documents stay. An agent still using it must have it
        detached in its settings first.
      </RenameAndDeleteModals>
    </Stack>
  );
}
