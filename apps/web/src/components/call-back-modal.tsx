import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CallBackInput, CallBackResult } from '@switchboard/shared/dialing';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client';
import { FormAlert } from './form-alert';

type CallBackModalProps = {
  /** Who is called: the contact's name, else the number. */
  who: string;
  /** The number called, as the modal says it. */
  phone: string;
  /**
   * Who places the call: a contact (POST /api/contacts/:id/call-back) or the caller of a call
   * (POST /api/calls/:id/call-back).
   */
  target: { contactId: string } | { callId: string };
  opened: boolean;
  onClose: () => void;
};

/** The business's agents and numbers a call back may use (the campaigns' options). */
function useCallBackOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['call-back-options'],
    queryFn: ({ signal }) => api('get', '/campaigns/options', { signal }),
    enabled,
  });
}

/**
 * "Call back", from a contact's page or a call's detail: which agent calls and from which of
 * the business's numbers, one call now. The same calling rules and daily caps as campaigns
 * apply (and the contact's do-not-call mark); a refusal is shown here in words.
 */
export function CallBackModal({ who, phone, target, opened, onClose }: CallBackModalProps) {
  const options = useCallBackOptions(opened);
  const callBack = useMutation({
    mutationFn: (input: CallBackInput): Promise<CallBackResult> =>
      'contactId' in target
        ? api('post', '/contacts/{id}/call-back', { path: { id: target.contactId }, body: input })
        : api('post', '/calls/{id}/call-back', { path: { id: target.callId }, body: input }),
  });
  const [agentId, setAgentId] = useState<string | null>(null);
  const [phoneNumberId, setPhoneNumberId] = useState<string | null>(null);
  const agents = options.data?.agents ?? [];
  const numbers = options.data?.phoneNumbers ?? [];
  const agent = agentId ?? agents[0]?.id ?? null;
  const number = phoneNumberId ?? numbers[0]?.id ?? null;
  const close = () => {
    if (callBack.isPending) return;
    callBack.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Call ${who}`}>
      <Stack gap="md">
        <Text size="sm">
          Your agent calls {phone} once now. It counts towards today&apos;s calls like a campaign
          call.
        </Text>
        <Select
          label="Agent"
          data={agents.map((a) => ({ value: a.id, label: a.name }))}
          value={agent}
          onChange={setAgentId}
          allowDeselect={false}
          disabled={options.isPending}
        />
        <Select
          label="Call from"
          data={numbers.map((n) => ({ value: n.id, label: n.name }))}
          value={number}
          onChange={setPhoneNumberId}
          allowDeselect={false}
          disabled={options.isPending}
          error={
            options.isSuccess && numbers.length === 0
              ? 'Your business has no phone number yet.'
              : null
          }
        />
        {callBack.isError && <FormAlert title="Could not place the call" error={callBack.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={callBack.isPending}>
            Cancel
          </Button>
          <Button
            leftSection={<IconPhoneOutgoing size={16} />}
            loading={callBack.isPending}
            disabled={!agent || !number}
            onClick={() => {
              if (!agent || !number) return;
              callBack.mutate(
                { agentId: agent, phoneNumberId: number },
                {
                  onSuccess: () => {
                    notifications.show({
                      color: 'teal',
                      title: 'Calling',
                      message: `Your agent is calling ${who}. The call appears in the call log when it ends.`,
                    });
                    callBack.reset();
                    onClose();
                  },
                },
              );
            }}
          >
            Call now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
