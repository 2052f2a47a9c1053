import { zodResolver } from '@hookform/resolvers/zod';
import { Group, PasswordInput, Textarea, TextInput } from '@mantine/core';
import {
  customToolFormSchema,
  toCustomToolInput,
  toolServerUrlMessages,
  type CustomToolForm,
  type Tool,
} from '@switchboard/shared/tools';
import { useForm } from 'react-hook-form';
import { consoleSubmit } from '../../../lib/console-submit';
import {
  ConsoleForm,
  ItemFormModal,
  type ItemFormModalProps,
  type ItemFormProps,
} from '../../../components/console-form-modal';
import type { FieldNoun } from '../../../components/schema-builder/field-list';
import { SchemaEditor, useSchemaDraft } from '../../../components/schema-builder/schema-editor';
import { useCreateTool, useUpdateTool } from '../api/tools';
import { bindField } from '../../../lib/bind-field';

const FIELDS = ['name', 'description', 'serverUrl', 'parametersText'] as const;

const PARAMETER: FieldNoun = {
  one: 'parameter',
  capitalized: 'Parameter',
  placeholder: 'insurer',
  descriptionHint: 'Optional: tells the agent what to send here, in a sentence',
  requiredHint: 'The agent always sends it',
};

/** A custom function tool: what the agent reads about it, its parameters, the server it calls. */
export function ToolFormModal(props: ItemFormModalProps<Tool>) {
  return <ItemFormModal {...props} newTitle="Create a tool" form={ToolForm} />;
}

function ToolForm({ item: tool, onClose }: ItemFormProps<Tool>) {
  const create = useCreateTool();
  const update = useUpdateTool();
  const mutation = tool ? update : create;
  const parameters = useSchemaDraft(tool?.parameters);
  const form = useForm<CustomToolForm>({
    resolver: zodResolver(customToolFormSchema),
    defaultValues: {
      name: tool?.name ?? '',
      description: tool?.description ?? '',
      serverUrl: tool?.serverUrl ?? '',
      parametersText: parameters.value.text,
      authHeaderName: tool?.serverAuthHeader ?? '',
      authValue: '',
    },
  });
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);

  // The credential's own checks are the form's too; anything else shows in the alert.
  const submit = consoleSubmit(form, mutation, {
    fields: FIELDS,
    onSaved: onClose,
    send: (values) => {
      // The builder's own checks (a name on each parameter, none twice) come first.
      if (parameters.blocked) return undefined;
      // A new credential needs its secret; editing, an empty one keeps the secret already sent.
      const header = values.authHeaderName.trim();
      if (header !== '' && values.authValue === '' && header !== tool?.serverAuthHeader) {
        form.setError('authValue', { message: 'The secret your server checks in this header' });
        return undefined;
      }
      const { serverAuth, ...input } = toCustomToolInput(values, tool?.serverAuthHeader ?? null);
      return tool
        ? update.mutateAsync({
            id: tool.id,
            ...input,
            ...(serverAuth !== undefined ? { serverAuth } : {}),
          })
        : create.mutateAsync({ ...input, ...(serverAuth ? { serverAuth } : {}) });
    },
  });

  return (
    <ConsoleForm
      onSubmit={parameters.onSubmit(submit)}
      mutation={mutation}
      errorTitle={tool ? 'Could not save the tool' : 'Could not create the tool'}
      onCancel={onClose}
      submitLabel={tool ? 'Save tool' : 'Create tool'}
    >
      <TextInput
        label="Name"
        description="What the agent calls it: letters, digits, _ and -"
        placeholder="check_stock"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...fieldProps('name')}
      />
      <Textarea
        label="Description"
        description="The agent reads this to decide when to use the tool"
        autosize
        minRows={2}
        {...fieldProps('description')}
      />
      <SchemaEditor
        label="Parameters"
        description="What the agent sends your server with each call of the tool"
        noun={PARAMETER}
        {...parameters.editorProps((text) =>
          form.setValue('parametersText', text, { shouldValidate: form.formState.isSubmitted }),
        )}
        error={errors.parametersText?.message}
      />
      <TextInput
        label="Server URL"
        description={toolServerUrlMessages.hint}
        placeholder="https://example.com/tools/check-stock"
        {...fieldProps('serverUrl')}
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label="Credential header (optional)"
          description="Sent with every tool call, so your server knows it is you"
          placeholder="X-Api-Key"
          miw={200}
          {...fieldProps('authHeaderName')}
        />
        <PasswordInput
          label="Secret"
          description={
            tool?.serverAuthHeader
              ? 'Leave empty to keep the secret already set'
              : 'The value your server checks'
          }
          autoComplete="new-password"
          miw={200}
          {...fieldProps('authValue')}
        />
      </Group>
    </ConsoleForm>
  );
}
