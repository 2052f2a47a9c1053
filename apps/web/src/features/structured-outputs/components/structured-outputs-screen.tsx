import { Badge, Button, Group, Text } from '@mantine/core';
import type { StructuredOutput } from '@switchboard/shared/structured-outputs';
import { IconAlertTriangle, IconDatabaseExport, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useAgentList } from '../../../lib/api/list-agents';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { useItemForm } from '../../../components/console-form-modal';
import { ConsoleListScreen } from '../../../components/console-list-screen';
import type { DataColumn } from '../../../components/data-table';
import { useDeleteStructuredOutput, useStructuredOutputs } from '../api/structured-outputs';
import { StructuredOutputFormModal } from './structured-output-form-modal';
import classes from './structured-outputs-screen.module.css';

/** The schema's top-level fields, for the list ("callerName, reason"). */
function fieldsOf(schema: Record<string, unknown>): string {
  const properties = schema.properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    const names = Object.keys(properties);
    if (names.length > 0) return names.join(', ');
  }
  return typeof schema.type === 'string' ? `one ${schema.type}` : '—';
}

/** `/structured-outputs`: data extracted from the calls of the agents each output is attached to. */
export function StructuredOutputsScreen() {
  const agents = useAgentList();
  const { deleting, startDelete, deleteProps } = useConfirmDelete<StructuredOutput>(
    useDeleteStructuredOutput(),
  );
  const form = useItemForm<StructuredOutput>();
  const agentNames = useMemo(
    () => new Map((agents.data ?? []).map((agent) => [agent.id, agent.name || agent.id])),
    [agents.data],
  );

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => form.open(null)}>
      Define output
    </Button>
  );

  const columns: DataColumn<StructuredOutput>[] = [
    {
      header: 'Output',
      cell: (output) => (
        <div>
          <Text fw={500}>{output.name}</Text>
          {output.description ? (
            <Text size="sm" c="dimmed" lineClamp={2} maw={360}>
              {output.description}
            </Text>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Fields',
      cell: (output) => (
        <Text size="sm" ff="monospace" lineClamp={2} maw={300}>
          {fieldsOf(output.schema)}
        </Text>
      ),
    },
    {
      header: 'Agents',
      cell: (output) =>
        output.agentIds.length === 0 ? (
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle
              size={16}
              aria-hidden
              className={classes.unused}
              style={{ flex: 'none' }}
            />
            <Text size="sm" fw={500} className={classes.unused}>
              Not used by any agent — extracts nothing
            </Text>
          </Group>
        ) : (
          <Group gap={4}>
            {output.agentIds.map((id) => (
              <Badge key={id} variant="light" size="sm">
                {agentNames.get(id) ?? id}
              </Badge>
            ))}
          </Group>
        ),
    },
  ];

  // Deleting on the platform is for owners and managers (decision 051).
  return (
    <ConsoleListScreen
      title="Structured outputs"
      description="Details the voice platform extracts from each call of your agents, field by field: shown in the call detail and exported with the call log."
      addButton={createButton}
      managerOnly="delete structured outputs"
      query={useStructuredOutputs()}
      columns={columns}
      rowActions={(output) => ({
        name: output.name,
        onEdit: () => form.open(output),
        onDelete: () => startDelete(output),
      })}
      searchText={(output) => `${output.name} ${output.description}`}
      searchLabel="Search structured outputs"
      empty={{
        icon: IconDatabaseExport,
        title: 'No structured outputs yet',
        description:
          'Define what to extract from a call (a name, a reason, a date…) and attach it to your agents.',
      }}
    >
      <StructuredOutputFormModal {...form.modalProps} />
      <ConfirmDeleteModal
        title="Delete this structured output?"
        confirmLabel="Delete output"
        errorTitle="Could not delete the structured output"
        {...deleteProps}
      >
        {deleting?.name} is detached from your agents and deleted on the voice platform; the results
        already extracted stay with their calls.
      </ConfirmDeleteModal>
    </ConsoleListScreen>
  );
}
