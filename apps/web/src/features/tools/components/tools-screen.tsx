import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Tool } from '@switchboard/shared/tools';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { ResourceActions } from '../../../components/resource-actions';
import { ManagerOnlyNotice, managerOnlyReason } from '../../../components/manager-only';
import { useCanSpendAndDelete } from '../../../lib/session-context';
import { PageHeader } from '../../../components/page-header';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useDeleteTool, useTools } from '../api/tools';
import { ToolFormModal } from './tool-form-modal';

/** `/tools`: Switchboard's managed tools (read-only) and the business's custom function tools. */
export function ToolsScreen() {
  const query = useTools();
  const { deleting, startDelete, deleteProps } = useConfirmDelete<Tool>(useDeleteTool());
  const [form, setForm] = useState<{ tool: Tool | null } | null>(null);
  // Deleting on the platform is for owners and managers (decision 051).
  const canDelete = useCanSpendAndDelete();

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ tool: null })}>
      Create tool
    </Button>
  );

  const columns: DataColumn<Tool>[] = [
    {
      header: 'Tool',
      cell: (tool) => (
        <Group gap="xs" wrap="nowrap">
          <Text ff="monospace" fw={500}>
            {tool.name}
          </Text>
          {tool.managed && (
            <Tooltip label="Made and kept up to date by Switchboard">
              <Badge size="sm" variant="light">
                Managed
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    {
      header: 'What it does',
      cell: (tool) => (
        <Text size="sm" lineClamp={2} maw={420}>
          {tool.description || '—'}
        </Text>
      ),
    },
    {
      header: 'Calls',
      cell: (tool) =>
        tool.managed ? (
          <Text size="sm" c="dimmed">
            Switchboard
          </Text>
        ) : (
          <Stack gap={0}>
            <Text size="sm" truncate="end" maw={260} title={tool.serverUrl ?? undefined}>
              {tool.serverUrl ?? '—'}
            </Text>
            {tool.serverAuthHeader ? (
              <Text size="xs" c="dimmed">
                With your credential in {tool.serverAuthHeader}
              </Text>
            ) : null}
          </Stack>
        ),
    },
    {
      header: 'Actions',
      end: true,
      cell: (tool) =>
        tool.managed ? null : (
          <ResourceActions
            deleteRefusal={canDelete ? undefined : managerOnlyReason('delete tools')}
            name={tool.name}
            onEdit={() => setForm({ tool })}
            onDelete={() => startDelete(tool)}
          />
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Tools"
        description="What your agents can do during a call: Switchboard's own tools and your custom ones."
        actions={createButton}
        notice={canDelete ? undefined : <ManagerOnlyNotice action="delete tools" />}
      />
      <DataTable
        label="Tools"
        query={query}
        columns={columns}
        rowKey={(tool) => tool.id}
        errorTitle="Could not load the tools"
        searchText={(tool) => `${tool.name} ${tool.description}`}
        searchLabel="Search tools"
        empty={{
          icon: IconTool,
          title: 'No tools yet',
          description:
            'Create a custom tool that calls your own server, then attach it to an agent in its settings.',
          action: createButton,
        }}
      />
      <ToolFormModal
        opened={form !== null}
        item={form?.tool ?? null}
        onClose={() => setForm(null)}
      />
      <ConfirmDeleteModal
        title="Delete this tool?"
        confirmLabel="Delete tool"
        errorTitle="Could not delete the tool"
        {...deleteProps}
      >
        {deleting?.name} is deleted on the voice platform; agents that use it can no longer call it.
      </ConfirmDeleteModal>
    </>
  );
}
