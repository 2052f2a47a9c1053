import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  createKnowledgeBaseSchema,
  type CreateKnowledgeBaseInput,
} from '@switchboard/shared/knowledge-bases';
import { Controller, useForm } from 'react-hook-form';
import { consoleSubmit } from '../../../lib/console-submit';
import { ConsoleFormModal, ConsoleForm } from '../../../components/console-form-modal';
import { useCreateKnowledgeBase, useFiles } from '../api/knowledge-bases';
import { DocumentDropZone } from './document-drop-zone';
import { UploadList, useDocumentUploads } from './document-uploads';
import { StatusBadge } from './status-badge';
import { bindField } from '../../../lib/bind-field';

const FIELDS = ['name', 'description', 'fileIds'] as const;

type Props = { opened: boolean; onClose: () => void };

/** "New knowledge base": a name, an optional description, and the documents it is built from. */
export function NewKnowledgeBaseModal({ opened, onClose }: Props) {
  return (
    <ConsoleFormModal opened={opened} onClose={onClose} title="New knowledge base" formKey="new">
      <NewKnowledgeBaseForm onClose={onClose} />
    </ConsoleFormModal>
  );
}

function NewKnowledgeBaseForm({ onClose }: { onClose: () => void }) {
  const files = useFiles();
  const create = useCreateKnowledgeBase();
  const form = useForm<CreateKnowledgeBaseInput>({
    resolver: zodResolver(createKnowledgeBaseSchema),
    defaultValues: { name: '', description: '', fileIds: [] },
  });
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);
  // A document uploaded here is ticked: it is what the owner came to build the base from.
  const { uploads, start, dismiss } = useDocumentUploads((file) =>
    form.setValue('fileIds', [...form.getValues('fileIds'), file.id], {
      shouldValidate: form.formState.isSubmitted,
    }),
  );
  // A document the platform could not read gives the base nothing to search.
  const usable = (files.data ?? []).filter((file) => file.status !== 'failed');

  const submit = consoleSubmit(form, create, {
    fields: FIELDS,
    onSaved: onClose,
    send: ({ description, ...values }) =>
      create.mutateAsync({ ...values, ...(description ? { description } : {}) }),
  });

  return (
    <ConsoleForm
      onSubmit={submit}
      mutation={create}
      errorTitle="Could not create the knowledge base"
      onCancel={onClose}
      submitLabel="Create knowledge base"
    >
      <TextInput label="Name" placeholder="Customer FAQ" data-autofocus {...fieldProps('name')} />
      <Textarea
        label="Description"
        description="Optional: what it covers"
        autosize
        minRows={2}
        {...fieldProps('description')}
      />
      <Controller
        control={form.control}
        name="fileIds"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label="Documents"
            description="The agent answers from what these say"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            {files.isPending ? (
              <Loader size="xs" mt="xs" aria-label="Loading your documents" />
            ) : usable.length === 0 ? (
              <Text size="sm" c="dimmed" mt={4}>
                {files.isError
                  ? 'Your documents could not be loaded.'
                  : 'No documents yet: upload one below.'}
              </Text>
            ) : (
              <Stack gap={6} mt="xs">
                {usable.map((file) => (
                  <Group key={file.id} gap="xs" wrap="nowrap" justify="space-between">
                    <Checkbox value={file.id} label={file.name} style={{ minWidth: 0 }} />
                    <StatusBadge status={file.status} />
                  </Group>
                ))}
              </Stack>
            )}
          </Checkbox.Group>
        )}
      />
      <DocumentDropZone onFiles={start} label="Upload documents for this knowledge base" compact />
      <UploadList uploads={uploads} onDismiss={dismiss} />
    </ConsoleForm>
  );
}
