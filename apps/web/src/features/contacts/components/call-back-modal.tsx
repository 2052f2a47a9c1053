import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Contact } from '@switchboard/shared/contacts';
import { IconAlertCircle, IconPhoneOutgoing } from '@tabler/icons-react';
import { useState } from 'react';
import { useCallBackContact, useCallBackOptions } from '../api/call-back-contact';

type CallBackModalProps = {
  contact: Contact;
  opened: boolean;
  onClose: () => void;
};

/**
 * "Call back": which agent calls the contact and from which of the business's numbers. The
 * same calling rules and daily caps as campaigns apply; a refusal is shown here in words.
 */
export function CallBackModal({ contact, opened, onClose }: CallBackModalProps) {
  const options = useCallBackOptions(opened);
  const callBack = useCallBackContact(contact.id);
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
    <Modal opened={opened} onClose={close} title={`Call ${contact.name || contact.phone}`}>
      <Stack gap="md">
        <Text size="sm">
          Your agent calls {contact.phone} once now. It counts towards today&apos;s calls like a
          campaign call.
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
        {callBack.isError && (
          <Alert
            color="red"
            variant="light"
            title="Could not place the call"
            icon={<IconAlertCircle size={20} />}
            role="alert"
          >
            {callBack.error.message}
          </Alert>
        )}
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
                      message: `Your agent is calling ${contact.name || contact.phone}. The call appears in the call log when it ends.`,
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
