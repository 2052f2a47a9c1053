import { Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { FormActions } from '../../../components/form-actions';

type RenameModalProps = {
  /** What is renamed, as the title says it: "Rename the document". */
  title: string;
  /** The current name (null: closed). */
  current: string | null;
  /** The shared rule for the name (its messages are shown under the field). */
  schema: z.ZodType<{ name: string }>;
  pending: boolean;
  error: unknown;
  onSave: (name: string) => void;
  onClose: () => void;
};

/** A new name for a document or a knowledge base, checked by the same rule as the server's. */
export function RenameModal(props: RenameModalProps) {
  const { title, current, pending, onClose } = props;
  return (
    <Modal opened={current !== null} onClose={() => !pending && onClose()} title={title} centered>
      {/* A form per name opened, so what was typed for another one is not carried over. */}
      {current !== null && <RenameForm key={current} {...props} current={current} />}
    </Modal>
  );
}

function RenameForm({
  current,
  schema,
  pending,
  error,
  onSave,
  onClose,
}: RenameModalProps & { current: string }) {
  const [name, setName] = useState(current);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = () => {
    const parsed = schema.safeParse({ name });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the name');
      return;
    }
    onSave(parsed.data.name);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setInvalid(null);
          }}
          error={invalid}
          data-autofocus
        />
        {error ? <FormAlert title="Could not rename it" error={error} /> : null}
        <FormActions onCancel={onClose} pending={pending} submitLabel="Save name" />
      </Stack>
    </form>
  );
}
