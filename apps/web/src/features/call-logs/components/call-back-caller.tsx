import type { CallDetail } from '@switchboard/shared/call-logs';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { CallBackModal } from '../../../components/call-back-modal';
import { ManagerOnlyButton } from '../../../components/manager-only';
import { SessionUserContext } from '../../../lib/session-context';

/**
 * "Call back" on a call's detail: the caller, at the number the call came from, by one of the
 * business's agents (owners and managers; a member sees why not). Not for the operator, who
 * has no numbers of their own, nor a call without a caller's number.
 */
export function CallBackCaller({ call, number }: { call: CallDetail; number: string }) {
  const user = useContext(SessionUserContext);
  const [calling, setCalling] = useState(false);
  if (!user || user.role === 'admin' || call.row.inProgress) return null;
  return (
    <>
      <ManagerOnlyButton
        allowed={user.role === 'owner' || user.role === 'manager'}
        action="place calls"
        size="xs"
        variant="light"
        leftSection={<IconPhoneOutgoing size={14} />}
        onClick={() => setCalling(true)}
      >
        Call back
      </ManagerOnlyButton>
      <CallBackModal
        who={number}
        phone={number}
        target={{ callId: call.row.id }}
        opened={calling}
        onClose={() => setCalling(false)}
      />
    </>
  );
}
