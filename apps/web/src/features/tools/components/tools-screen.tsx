import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Tool } from '@switchboard/shared/tools';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { useItemForm } from '../../../components/console-form-modal';
import { ConsoleListScreen } from '../../../components/console-list-screen';
import type { DataColumn } from '../../../components/data-table';
import { useDeleteTool, useTools } from '../api/tools';
import { ToolFormModal } from './tool-form-modal';

const COLUMNS: DataColumn<Tool>[] = [
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
];

/** `/tools`: Switchboard's managed tools (read-only) and the business's custom function tools. */
export function ToolsScreen() {
  const { deleting, startDelete, deleteProps } = useConfirmDelete<Tool>(useDeleteTool());
  const form = useItemForm<Tool>();

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => form.open(null)}>
      Create tool
    </Button>
  );

  // Deleting on the platform is for owners and managers (decision 051).
  return (
    <ConsoleListScreen
      title="Tools"
      description="What your agents can do during a call: Switchboard's own tools and your custom ones."
      addButton={createButton}
      managerOnly="delete tools"
      query={useTools()}
      columns={COLUMNS}
      rowActions={(tool) =>
        tool.managed
          ? null
          : { name: tool.name, onEdit: () => form.open(tool), onDelete: () => startDelete(tool) }
      }
      searchText={(tool) => `${tool.name} ${tool.description}`}
      searchLabel="Search tools"
      empty={{
        icon: IconTool,
        title: 'No tools yet',
        description:
          'Create a custom tool that calls your own server, then attach it to an agent in its settings.',
      }}
    >
      <ToolFormModal {...form.modalProps} />
      <ConfirmDeleteModal
        title="Delete this tool?"
        confirmLabel="Delete tool"
        errorTitle="Could not delete the tool"
        {...deleteProps}
      >
        {deleting?.name} is deleted on the voice platform; agents that use it can no longer call it.
      </ConfirmDeleteModal>
    </ConsoleListScreen>
  );
}
