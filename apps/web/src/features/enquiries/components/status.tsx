import { Badge, Select } from '@mantine/core';
import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EmailLogStatus,
  type EnquiryStatus,
} from '@switchboard/shared/enquiries';

const STATUS_COLORS: Record<EnquiryStatus, string> = {
  open: 'blue',
  pending: 'yellow',
  resolved: 'teal',
  closed: 'gray',
};

export const STATUS_OPTIONS = ENQUIRY_STATUSES.map((status) => ({
  value: status,
  label: ENQUIRY_STATUS_LABELS[status],
}));

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} size="sm">
      {ENQUIRY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The status control of one enquiry. */
export function EnquiryStatusSelect({
  status,
  onChange,
  disabled,
}: {
  status: EnquiryStatus;
  onChange: (status: EnquiryStatus) => void;
  disabled?: boolean;
}) {
  return (
    <Select
      aria-label="Status"
      data={STATUS_OPTIONS}
      value={status}
      allowDeselect={false}
      disabled={disabled}
      onChange={(value) => {
        if (value && value !== status) onChange(value);
      }}
      w={150}
      size="sm"
    />
  );
}

const EMAIL_STATUS: Record<EmailLogStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function EmailStatusBadge({ status }: { status: EmailLogStatus }) {
  const { label, color } = EMAIL_STATUS[status];
  return (
    <Badge variant="light" color={color} size="sm">
      {label}
    </Badge>
  );
}
