import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Contact } from '@switchboard/shared/contacts';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteContact } from '../api/delete-contact';
import { FormAlert } from '../../../components/form-alert';

type DeleteContactModalProps = {
  contact: Contact | null;
  onClose: () => void;
  /** After the contact is gone (then onClose). */
  onDeleted?: () => void;
};

/** "Delete Ann Murphy?" — asked before the contact goes. */
export function DeleteContactModal({ contact, onClose, onDeleted }: DeleteContactModalProps) {
  const remove = useDeleteContact();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={contact !== null} onClose={close} title="Delete contact">
      {contact && (
        <Stack gap="md">
          <Text size="sm">
            Delete {contact.name}? The contact is removed from your list; calls stay in the call
            log.
          </Text>
          {remove.isError && (
            <FormAlert title="Could not delete the contact" error={remove.error} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Keep contact
            </Button>
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { contactId: contact.id, name: contact.name },
                  {
                    onSuccess: () => {
                      remove.reset();
                      onDeleted?.();
                      onClose();
                    },
                  },
                )
              }
            >
              Yes, delete contact
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
