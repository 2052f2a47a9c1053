import { zodResolver } from '@hookform/resolvers/zod';
import { Group, JsonInput, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import {
  customToolFormSchema,
  EMPTY_TOOL_PARAMETERS,
  toCustomToolInput,
  toolServerUrlMessages,
  type CustomToolForm,
  type Tool,
} from '@switchboard/shared/tools';
import { Controller, useForm } from 'react-hook-form';
import { settleSave } from '../../../lib/form-errors';
import {
  FormFooter,
  ItemFormModal,
  type ItemFormModalProps,
  type ItemFormProps,
} from '../../../components/console-form-modal';
import { useCreateTool, useUpdateTool } from '../api/tools';

const FIELDS = ['name', 'description', 'serverUrl', 'parametersText'] as const;

/** A custom function tool: what the agent reads about it, its parameters, the server it calls. */
export function ToolFormModal(props: ItemFormModalProps<Tool>) {
  const tool = props.item;
  return (
    <ItemFormModal
      {...props}
      title={tool ? `Edit ${tool.name}` : 'Create a tool'}
      form={ToolForm}
    />
  );
}

function ToolForm({ item: tool, onClose }: ItemFormProps<Tool>) {
  const create = useCreateTool();
  const update = useUpdateTool();
  const mutation = tool ? update : create;
  const form = useForm<CustomToolForm>({
    resolver: zodResolver(customToolFormSchema),
    defaultValues: {
      name: tool?.name ?? '',
      description: tool?.description ?? '',
      serverUrl: tool?.serverUrl ?? '',
      parametersText: tool?.parameters
        ? JSON.stringify(tool.parameters, null, 2)
        : EMPTY_TOOL_PARAMETERS,
      authHeaderName: tool?.serverAuthHeader ?? '',
      authValue: '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    // A new credential needs its secret; editing, an empty one keeps the secret already sent.
    const header = values.authHeaderName.trim();
    if (header !== '' && values.authValue === '' && header !== tool?.serverAuthHeader) {
      form.setError('authValue', { message: 'The secret your server checks in this header' });
      return Promise.resolve();
    }
    const { serverAuth, ...input } = toCustomToolInput(values, tool?.serverAuthHeader ?? null);
    const request = tool
      ? update.mutateAsync({
          id: tool.id,
          ...input,
          ...(serverAuth !== undefined ? { serverAuth } : {}),
        })
      : create.mutateAsync({ ...input, ...(serverAuth ? { serverAuth } : {}) });
    // The credential's own checks are the form's too; anything else shows in the alert.
    return settleSave<CustomToolForm, unknown>(request, {
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
          description="What the agent calls it: letters, digits, _ and -"
          placeholder="check_stock"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Textarea
          label="Description"
          description="The agent reads this to decide when to use the tool"
          autosize
          minRows={2}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <Controller
          control={form.control}
          name="parametersText"
          render={({ field }) => (
            <JsonInput
              label="Parameters (JSON Schema)"
              description='An object schema: "type": "object" with its "properties"'
              autosize
              minRows={6}
              // Not formatOnBlur: the reformatted text grows the field as it loses focus, which
              // moves the Create button away from under a pointer on its way to click it.
              // Its own check (on blur) shows this; the form's check covers the rest.
              validationError="Not valid JSON"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.parametersText?.message}
            />
          )}
        />
        <TextInput
          label="Server URL"
          description={toolServerUrlMessages.hint}
          placeholder="https://example.com/tools/check-stock"
          {...form.register('serverUrl')}
          error={errors.serverUrl?.message}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Credential header (optional)"
            description="Sent with every tool call, so your server knows it is you"
            placeholder="X-Api-Key"
            miw={200}
            {...form.register('authHeaderName')}
            error={errors.authHeaderName?.message}
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
            {...form.register('authValue')}
            error={errors.authValue?.message}
          />
        </Group>
        <FormFooter
          error={mutation.error}
          errorTitle={tool ? 'Could not save the tool' : 'Could not create the tool'}
          pending={mutation.isPending}
          onCancel={onClose}
          submitLabel={tool ? 'Save tool' : 'Create tool'}
        />
      </Stack>
    </form>
  );
}
