import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, MultiSelect, Textarea, TextInput } from '@mantine/core';
import {
  structuredOutputFormSchema,
  toStructuredOutputInput,
  type StructuredOutput,
  type StructuredOutputForm,
} from '@switchboard/shared/structured-outputs';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { consoleSubmit } from '../../../lib/console-submit';
import { useAgentList } from '../../../lib/api/list-agents';
import {
  ConsoleForm,
  ItemFormModal,
  type ItemFormModalProps,
  type ItemFormProps,
} from '../../../components/console-form-modal';
import type { FieldNoun } from '../../../components/schema-builder/field-list';
import { SchemaEditor, useSchemaDraft } from '../../../components/schema-builder/schema-editor';
import { useCreateStructuredOutput, useUpdateStructuredOutput } from '../api/structured-outputs';
import { bindField } from '../../../lib/bind-field';

const FIELDS = ['name', 'description', 'schemaText', 'agentIds'] as const;

const FIELD: FieldNoun = {
  one: 'field',
  capitalized: 'Field',
  placeholder: 'callerName',
  descriptionHint: 'Optional: says what to extract here, in a sentence',
  requiredHint: 'Always filled in, even when the call does not say',
};

/** A structured output: its name, its JSON Schema and the agents whose calls it is taken from. */
export function StructuredOutputFormModal(props: ItemFormModalProps<StructuredOutput>) {
  return <ItemFormModal {...props} newTitle="Define a structured output" form={OutputForm} />;
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
  const schema = useSchemaDraft(output?.schema);
  const form = useForm<StructuredOutputForm>({
    resolver: zodResolver(structuredOutputFormSchema),
    defaultValues: {
      name: output?.name ?? '',
      description: output?.description ?? '',
      schemaText: schema.value.text,
      agentIds: output?.agentIds ?? [],
    },
  });
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);
  const agentIds = useWatch({ control: form.control, name: 'agentIds' });
  // An output with no field extracts nothing: the builder asks for one.
  const noField = schema.value.mode === 'fields' && schema.value.fields.length === 0;

  const submit = consoleSubmit(form, mutation, {
    fields: FIELDS,
    onSaved: onClose,
    send: (values) => {
      if (schema.blocked || noField) return undefined;
      const input = toStructuredOutputInput(values);
      return output ? update.mutateAsync({ id: output.id, ...input }) : create.mutateAsync(input);
    },
  });

  return (
    <ConsoleForm
      onSubmit={schema.onSubmit(submit)}
      mutation={mutation}
      errorTitle={
        output ? 'Could not save the structured output' : 'Could not create the structured output'
      }
      onCancel={onClose}
      submitLabel={output ? 'Save output' : 'Create output'}
    >
      <TextInput
        label="Name"
        description="At most 40 characters; the column's title in the call-log export"
        placeholder="Caller details"
        data-autofocus
        {...fieldProps('name')}
      />
      <Textarea
        label="Description"
        description="What to extract, in a sentence (optional)"
        autosize
        minRows={2}
        {...fieldProps('description')}
      />
      <SchemaEditor
        label="Fields to extract"
        description="What the voice platform fills in from each call, one field per detail"
        noun={FIELD}
        {...schema.editorProps((text) =>
          form.setValue('schemaText', text, { shouldValidate: form.formState.isSubmitted }),
        )}
        error={
          errors.schemaText?.message ??
          (schema.triedToSave && noField ? 'Add at least one field to extract' : undefined)
        }
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
      {agentIds.length === 0 && !agents.isPending ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Not used by any agent"
        >
          Until you choose an agent, this output extracts nothing: the voice platform fills it in
          only from the calls of the agents it is attached to.
        </Alert>
      ) : null}
    </ConsoleForm>
  );
}
