import { Badge, Stack, Text } from '@mantine/core';
import type { PhoneNumber } from '@switchboard/shared/phone-numbers';
import { IconPhone, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { ConsoleListScreen } from '../../../components/console-list-screen';
import type { DataColumn } from '../../../components/data-table';
import { ManagerOnlyButton } from '../../../components/manager-only';
import { useCanSpendAndDelete } from '../../../lib/session-context';
import { usePhoneNumbers, useReleasePhoneNumber } from '../api/phone-numbers';
import { AddPhoneNumberModal } from './add-phone-number-modal';
import { EditPhoneNumberModal } from './edit-phone-number-modal';

const PROVIDER_LABELS: Record<PhoneNumber['provider'], string> = {
  vapi: 'Platform',
  twilio: 'Twilio',
  vonage: 'Vonage',
  telnyx: 'Telnyx',
  'byo-phone-number': 'Own carrier',
};

/** `/phone-numbers`: the business's numbers, what answers each, add/import, edit, release. */
export function PhoneNumbersScreen() {
  const {
    deleting: releasing,
    startDelete,
    deleteProps,
  } = useConfirmDelete<PhoneNumber>(useReleasePhoneNumber());
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PhoneNumber | null>(null);
  // Adding (buying) and releasing a number spend the business's money: owners and managers.
  const allowed = useCanSpendAndDelete();

  const addButton = (
    <ManagerOnlyButton
      allowed={allowed}
      action="add or release numbers"
      leftSection={<IconPlus size={16} />}
      onClick={() => setAdding(true)}
    >
      Add number
    </ManagerOnlyButton>
  );

  const columns: DataColumn<PhoneNumber>[] = [
    {
      header: 'Number',
      cell: (phone) => (
        <Stack gap={0}>
          <Text ff="monospace" fw={500}>
            {phone.number ?? '—'}
          </Text>
          {phone.name && (
            <Text size="xs" c="dimmed">
              {phone.name}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: 'Provider',
      cell: (phone) => (
        <Badge variant="light" color="gray">
          {PROVIDER_LABELS[phone.provider]}
        </Badge>
      ),
    },
    {
      header: 'Answered by',
      cell: (phone) =>
        phone.agent ? (
          <Text size="sm">{phone.agent.name}</Text>
        ) : phone.squad ? (
          <Text size="sm">Squad: {phone.squad.name}</Text>
        ) : phone.fallbackNumber ? (
          <Text size="sm" c="dimmed">
            Nobody: forwarded
          </Text>
        ) : (
          // Calls to it ring nobody and hang up: said as a warning wherever numbers are listed.
          <Badge color="red" variant="light" size="sm">
            Nobody answers
          </Badge>
        ),
    },
    {
      header: 'Fallback',
      cell: (phone) => (
        <Text
          size="sm"
          ff={phone.fallbackNumber ? 'monospace' : undefined}
          c={phone.fallbackNumber ? undefined : 'dimmed'}
        >
          {phone.fallbackNumber ?? 'Hang up'}
        </Text>
      ),
    },
  ];

  return (
    <ConsoleListScreen
      title="Phone numbers"
      description="Your numbers on the voice platform and the agent that answers each."
      addButton={addButton}
      managerOnly="add or release numbers"
      deleteAction="release numbers"
      query={usePhoneNumbers()}
      columns={columns}
      rowActions={(phone) => ({
        name: phone.number ?? phone.id,
        onEdit: () => setEditing(phone),
        deleteLabel: 'Release',
        onDelete: () => startDelete(phone),
      })}
      searchText={(phone) =>
        [phone.number, phone.name, phone.agent?.name, phone.squad?.name].join(' ')
      }
      searchLabel="Search numbers"
      empty={{
        icon: IconPhone,
        title: 'No phone numbers yet',
        description:
          'Add a new number or import one from Twilio or Vonage, then choose the agent that answers it.',
      }}
    >
      <AddPhoneNumberModal opened={adding} onClose={() => setAdding(false)} />
      <EditPhoneNumberModal phone={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        title="Release this number?"
        confirmLabel="Release number"
        errorTitle="Could not release the number"
        {...deleteProps}
      >
        {releasing?.number ?? 'The number'} is released on the voice platform: calls to it will no
        longer reach your agents.
      </ConfirmDeleteModal>
    </ConsoleListScreen>
  );
}
