import { Modal, Stack, type ModalProps } from '@mantine/core';
import { Fragment, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useIsPhone } from '../lib/use-is-phone';
import { FormAlert } from './form-alert';
import { FormActions } from './form-actions';

type ConsoleFormModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The item edited ("new" for a new one): another item mounts a fresh form. */
  formKey: string;
  children: ReactNode;
  /** Wide enough for a long form by default; a short form asks for less. */
} & Pick<ModalProps, 'size'>;

/**
 * A console form in a modal: full screen on a phone, not closed by a stray click outside
 * (a half-typed schema is not lost), the form mounted afresh each time it opens.
 */
export function ConsoleFormModal({
  opened,
  onClose,
  title,
  formKey,
  children,
  ...modal
}: ConsoleFormModalProps) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      {...modal}
      fullScreen={isPhone}
      closeOnClickOutside={false}
    >
      {opened && <Fragment key={formKey}>{children}</Fragment>}
    </Modal>
  );
}

/** What an item's form gets: the item (null for a new one) and the way to close it. */
export type ItemFormProps<T> = { item: T | null; onClose: () => void };
/** A modal over one item's form. */
export type ItemFormModalProps<T> = ItemFormProps<T> & { opened: boolean };

/**
 * Which item's form is open: `open(item)` (null for a new one), and the props of the form's
 * modal (`<ToolFormModal {...modalProps} />`).
 */
export function useItemForm<T>() {
  const [form, setForm] = useState<{ item: T | null } | null>(null);
  const modalProps: ItemFormModalProps<T> = {
    opened: form !== null,
    item: form?.item ?? null,
    onClose: () => setForm(null),
  };
  return { open: (item: T | null) => setForm({ item }), modalProps };
}

/**
 * The modal of one item's form (a tool, a squad, a contact …), keyed by the item: each opening
 * starts from the item as it is now, and a new one from empty. Titled "Edit <its name>" (or
 * `editTitle`) for an item, `newTitle` for a new one.
 */
export function ItemFormModal<T extends { id: string; name: string }>({
  opened,
  item,
  onClose,
  newTitle,
  editTitle,
  form: Form,
}: ItemFormModalProps<T> & {
  newTitle: string;
  editTitle?: string;
  form: ComponentType<ItemFormProps<T>>;
}) {
  const title = item ? (editTitle ?? `Edit ${item.name}`) : newTitle;
  return (
    <ConsoleFormModal opened={opened} onClose={onClose} title={title} formKey={item?.id ?? 'new'}>
      <Form item={item} onClose={onClose} />
    </ConsoleFormModal>
  );
}

type FormFooterProps = {
  /** What the server refused (not a field's message: those stand under the fields). */
  error: unknown;
  errorTitle: string;
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
};

/** A form's foot: why the save failed, then Cancel and the submit button. */
export function FormFooter({ error, errorTitle, pending, onCancel, submitLabel }: FormFooterProps) {
  return (
    <>
      {error ? <FormAlert title={errorTitle} error={error} /> : null}
      <FormActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} />
    </>
  );
}

type ConsoleFormProps = Omit<FormFooterProps, 'error' | 'pending'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The save: its failure shows above the buttons, and the submit button spins while it runs. */
  mutation: { error: unknown; isPending: boolean };
  children: ReactNode;
};

/**
 * A console form: its fields one under the other, then why the save failed, Cancel and the
 * submit button. The browser's own checks are off: the form's schema says what is wrong.
 */
export function ConsoleForm({ onSubmit, mutation, children, ...footer }: ConsoleFormProps) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack>
        {children}
        <FormFooter {...footer} error={mutation.error} pending={mutation.isPending} />
      </Stack>
    </form>
  );
}
