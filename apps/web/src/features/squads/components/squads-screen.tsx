import { Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import type { Squad } from '@switchboard/shared/squads';
import { IconArrowRight, IconHeadset, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { useItemForm } from '../../../components/console-form-modal';
import { ConsoleListScreen } from '../../../components/console-list-screen';
import type { DataColumn } from '../../../components/data-table';
import { useSquads } from '../../../lib/api/list-squads';
import { useDeleteSquad } from '../api/squads';
import { SquadFormModal } from './squad-form-modal';

type Props = {
  /** "Talk to" a squad: the web-call panel, composed in by the route. */
  talkPanel: (squad: Squad) => ReactNode;
};

function memberLabel(member: Squad['members'][number]): string {
  return member.agentName || 'Another business’s agent';
}

/** `/squads`: the business's squads — agents on one call that hand the caller to each other. */
export function SquadsScreen({ talkPanel }: Props) {
  const form = useItemForm<Squad>();
  const [talking, setTalking] = useState<Squad | null>(null);
  const { deleting, startDelete, deleteProps } = useConfirmDelete<Squad>(
    useDeleteSquad(),
    (squad) => {
      if (talking?.id === squad.id) setTalking(null);
    },
  );

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => form.open(null)}>
      Create squad
    </Button>
  );

  const columns: DataColumn<Squad>[] = [
    {
      header: 'Squad',
      cell: (squad) => <Text fw={500}>{squad.name || '(no name)'}</Text>,
    },
    {
      header: 'Agents (first answers)',
      cell: (squad) => (
        <Stack gap={2}>
          {squad.members.map((member, index) => (
            <Text key={member.agentId} size="sm">
              {index + 1}. {memberLabel(member)}
              {member.handoffTo.length > 0 && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  <IconArrowRight size={12} aria-label="hands off to" />{' '}
                  {member.handoffTo
                    .map(
                      (id) =>
                        squad.members.find((m) => m.agentId === id)?.agentName || 'another agent',
                    )
                    .join(', ')}
                </Text>
              )}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];

  const talkPanelOf = (squad: Squad) => (
    <Stack gap={4} mb="md">
      <Group justify="flex-end">
        <CloseButton
          aria-label={`Close the call panel of ${squad.name}`}
          onClick={() => setTalking(null)}
        />
      </Group>
      {/* Keyed by squad: another squad's panel is a new call client (the old call ends). */}
      <div key={squad.id}>{talkPanel(squad)}</div>
    </Stack>
  );

  // Deleting on the platform is for owners and managers (decision 051).
  return (
    <ConsoleListScreen
      title="Squads"
      description="Several of your agents on one call: the first answers and hands the caller to the right colleague."
      addButton={createButton}
      managerOnly="delete squads"
      above={talking && talkPanelOf(talking)}
      query={useSquads()}
      columns={columns}
      rowActions={(squad) => ({
        name: squad.name,
        onEdit: () => form.open(squad),
        onDelete: () => startDelete(squad),
        children: (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHeadset size={16} />}
            onClick={() => setTalking(squad)}
            aria-label={`Talk to ${squad.name}`}
          >
            Talk to
          </Button>
        ),
      })}
      searchText={(squad) => `${squad.name} ${squad.members.map(memberLabel).join(' ')}`}
      searchLabel="Search squads"
      empty={{
        icon: IconUsersGroup,
        title: 'No squads yet',
        description:
          'Put two or more of your agents on one call: a receptionist that hands billing questions to a billing agent, for example.',
      }}
    >
      <SquadFormModal {...form.modalProps} />
      <ConfirmDeleteModal
        title="Delete this squad?"
        confirmLabel="Delete squad"
        errorTitle="Could not delete the squad"
        {...deleteProps}
      >
        {deleting?.name} is deleted on the voice platform; a phone number it answers no longer
        reaches it. Its agents stay as they are.
      </ConfirmDeleteModal>
    </ConsoleListScreen>
  );
}
