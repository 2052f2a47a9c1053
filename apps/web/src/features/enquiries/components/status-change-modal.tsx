import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  ENQUIRY_STATUS_LABELS,
  STATUS_REASON_MAX,
  type Enquiry,
  type EnquiryStatus,
} from '@switchboard/shared/enquiries';
import { useState } from 'react';
import { useUpdateEnquiryStatus } from '../api/update-enquiry-status';

/** A new status, with why (optional), which the enquiry's history keeps. */
export function StatusChangeModal({
  change,
  onClose,
}: {
  change: { enquiry: Enquiry; status: EnquiryStatus } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={change !== null}
      onClose={onClose}
      title={change ? `Set the status to ${ENQUIRY_STATUS_LABELS[change.status]}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {change && <StatusChangeForm key={change.enquiry.id} change={change} onClose={onClose} />}
    </Modal>
  );
}

function StatusChangeForm({
  change,
  onClose,
}: {
  change: { enquiry: Enquiry; status: EnquiryStatus };
  onClose: () => void;
}) {
  const update = useUpdateEnquiryStatus();
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: change.enquiry.id, status: change.status, reason: reason.trim() },
          { onSuccess: onClose },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {change.enquiry.subject}: {ENQUIRY_STATUS_LABELS[change.enquiry.status]} →{' '}
          {ENQUIRY_STATUS_LABELS[change.status]}
        </Text>
        <Textarea
          label="Why (optional)"
          description="Shown in the enquiry’s history with your name and the time."
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={STATUS_REASON_MAX}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep the status
          </Button>
          <Button type="submit" loading={update.isPending}>
            Set status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
