import { Text } from '@mantine/core';
import { ERASE_CALL_WORDS, type CallDetail } from '@switchboard/shared/call-logs';
import { formatDateTime } from '@switchboard/shared/format';
import { IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { canSpendAndDelete } from '@switchboard/shared/auth';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { ManagerOnlyButton } from '../../../components/manager-only';
import { Notice } from '../../../components/notice';
import { SessionUserContext } from '../../../lib/session-context';
import { useEraseCall } from '../api/erase-call';
import { DetailSection } from './detail-section';

/** That a call's recording and transcript were erased, when and by whom. */
export function ErasedNotice({ call }: { call: CallDetail }) {
  if (!call.erased) return null;
  return (
    <Notice tone="info" title={ERASE_CALL_WORDS.done} icon={IconShieldCheck}>
      <Text size="sm">
        Erased on {formatDateTime(call.erased.at, call.timeZone)} by {call.erased.by}. The call’s
        date, length, cost and outcome stay in your figures.
      </Text>
    </Notice>
  );
}

/**
 * A caller asks to be forgotten: the recording, transcript, summary and their number are erased
 * here and on the voice platform, after a confirmation that says what goes and what stays.
 * Owners and managers; a member sees why they cannot. Not for a call in progress.
 */
export function EraseCallSection({ call }: { call: CallDetail }) {
  // The call log is also drawn outside a session in its own tests: nobody may erase there.
  const user = useContext(SessionUserContext);
  const allowed = user !== null && canSpendAndDelete(user.role);
  const erase = useEraseCall(call.row.id);
  const [confirming, setConfirming] = useState(false);
  if (call.erased || call.row.inProgress) return null;
  return (
    <DetailSection title="Privacy">
      <Text size="sm" c="dimmed" mb="xs">
        When a caller asks to be forgotten.
      </Text>
      <ManagerOnlyButton
        allowed={allowed}
        action="erase a call’s recording and transcript"
        variant="light"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} />}
        onClick={() => {
          erase.reset();
          setConfirming(true);
        }}
      >
        {ERASE_CALL_WORDS.title}
      </ManagerOnlyButton>
      <ConfirmDeleteModal
        opened={confirming}
        title={`${ERASE_CALL_WORDS.title}?`}
        confirmLabel={ERASE_CALL_WORDS.confirm}
        pending={erase.isPending}
        error={erase.error}
        errorTitle="Could not erase the call"
        onConfirm={() => erase.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        {ERASE_CALL_WORDS.body}
      </ConfirmDeleteModal>
    </DetailSection>
  );
}
