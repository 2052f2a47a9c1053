import { zodResolver } from '@hookform/resolvers/zod';
import { JsonInput, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import {
  EXAMPLE_STRUCTURED_OUTPUT_SCHEMA,
  structuredOutputFormSchema,
  toStructuredOutputInput,
  type StructuredOutput,
  type StructuredOutputForm,
} from '@switchboard/shared/structured-outputs';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { settleSave } from '../../../lib/form-errors';
import { useAgentList } from '../../../lib/api/list-agents';
import {
  FormFooter,
  ItemFormModal,
  type ItemFormModalProps,
  type ItemFormProps,
} from '../../../components/console-form-modal';
import { useCreateStructuredOutput, useUpdateStructuredOutput } from '../api/structured-outputs';

const FIELDS = ['name', 'description', 'schemaText', 'agentIds'] as const;

/** A structured output: its name, its JSON Schema and the agents whose calls it is taken from. */
export function StructuredOutputFormModal(props: ItemFormModalProps<StructuredOutput>) {
  const output = props.item;
  return (
    <ItemFormModal
      {...props}
      title={output ? `Edit ${output.name}` : 'Define a structured output'}
      form={OutputForm}
    />
  );
}

function OutputForm({ item: output, onClose }: ItemFormProps<StructuredOutput>) {
  const create = useCreateStructuredOutput();
  const update = useUpdateStructuredOutput();
  const mutation = output ? update : create;
  const agents = useAgentList();
  const agentOptions = useMemo(
    () => (agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name || agent.id })),
    [agents.data],
  );
  const form = useForm<StructuredOutputForm>({
    resolver: zodResolver(structuredOutputFormSchema),
    defaultValues: {
      name: output?.name ?? '',
      description: output?.description ?? '',
      schemaText: output
        ? JSON.stringify(output.schema, null, 2)
        : EXAMPLE_STRUCTURED_OUTPUT_SCHEMA,
      agentIds: output?.agentIds ?? [],
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const input = toStructuredOutputInput(values);
    const request = output
      ? update.mutateAsync({ id: output.id, ...input })
      : create.mutateAsync(input);
    return settleSave<StructuredOutputForm, unknown>(request, {
      fields: FIELDS,
      setError: form.setError,
      onSaved: onClose,
      clearAlert: mutation.reset,
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="At most 40 characters; the column's title in the call-log export"
          placeholder="Caller details"
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Textarea
          label="Description"
          description="What to extract, in a sentence (optional)"
          autosize
          minRows={2}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <Controller
          control={form.control}
          name="schemaText"
          render={({ field }) => (
            <JsonInput
              label="Schema (JSON Schema)"
              description="type, properties, items, required, enum, format, pattern, description, title"
              autosize
              minRows={8}
              validationError="Not valid JSON"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.schemaText?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="agentIds"
          render={({ field }) => (
            <MultiSelect
              label="Agents"
              description="Extracted from each call of these agents when it ends"
              placeholder={field.value.length === 0 ? 'No agent yet' : undefined}
              data={agentOptions}
              value={field.value}
              onChange={field.onChange}
              disabled={agents.isPending}
              searchable
              error={
                errors.agentIds?.message ??
                (agents.isError ? 'Could not load your agents' : undefined)
              }
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <FormFooter
          error={mutation.error}
          errorTitle={
            output
              ? 'Could not save the structured output'
              : 'Could not create the structured output'
          }
          pending={mutation.isPending}
          onCancel={onClose}
          submitLabel={output ? 'Save output' : 'Create output'}
        />
      </Stack>
    </form>
  );
}
