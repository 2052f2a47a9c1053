import { Alert, Checkbox } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * "Email the customer …" on a change to an appointment, and below it why the change failed.
 * Without an email address on the contact the box stays unticked and says so.
 */
export function NotifyCustomerFields({
  email,
  about,
  notify,
  onNotifyChange,
  error,
}: {
  email: string | null;
  /** What the mail says, after "Email … ": "that it is cancelled". */
  about: string;
  notify: boolean;
  onNotifyChange: (notify: boolean) => void;
  error: Error | null;
}) {
  return (
    <>
      <Checkbox
        label={email ? `Email ${email} ${about}` : `Email the customer ${about}`}
        description={email ? undefined : 'The contact has no email address.'}
        checked={notify}
        disabled={!email}
        onChange={(event) => onNotifyChange(event.currentTarget.checked)}
      />
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error.message}
        </Alert>
      )}
    </>
  );
}
