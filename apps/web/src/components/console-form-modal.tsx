import { Modal } from '@mantine/core';
import { Fragment, type ComponentType, type ReactNode } from 'react';
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
};

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
}: ConsoleFormModalProps) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
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
