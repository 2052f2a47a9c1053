import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  inviteMemberSchema,
  TEAM_ROLES,
  type InviteMemberFormValues,
  type InviteMemberInput,
  type TeamMember,
  type TeamRole,
} from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useChangeRole } from '../api/change-role';
import { useInviteMember } from '../api/invite-member';
import { useTeam } from '../api/list-team';
import { useRemoveMember } from '../api/remove-member';
import { FormAlert } from '../../../components/form-alert';

const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', member: 'Member' };
const roleOptions = TEAM_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * The business's users. Owners invite, change roles and remove; members see who is on the team.
 * The server keeps the last owner (and answers why when asked to drop them).
 */
export function TeamSection({ user }: { user: SessionUser }) {
  const team = useTeam();
  const isOwner = user.role === 'owner';
  return (
    <Stack gap="lg">
      {isOwner && (
        <Card withBorder padding="lg" radius="md">
          <InviteForm />
        </Card>
      )}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3} size="h4">
              Team
            </Title>
            <Text size="sm" c="dimmed">
              Owners manage the team and the business’s details; members do the daily work (calls,
              contacts, enquiries, appointments, agents).
            </Text>
          </Stack>
          <TeamTable team={team} me={user.id} isOwner={isOwner} />
        </Stack>
      </Card>
    </Stack>
  );
}

function TeamTable({
  team,
  me,
  isOwner,
}: {
  team: ReturnType<typeof useTeam>;
  me: string;
  isOwner: boolean;
}) {
  const changeRole = useChangeRole();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const columns: DataColumn<TeamMember>[] = [
    {
      header: 'Name',
      cell: (member) => (
        <>
          <Text size="sm" fw={500}>
            {member.name || '—'}
          </Text>
          <Group gap={4} wrap="nowrap">
            {member.id === me && (
              <Badge size="xs" variant="light" color="gray">
                You
              </Badge>
            )}
            {member.status === 'invited' && (
              <Badge size="xs" variant="light" color="yellow">
                Invited
              </Badge>
            )}
          </Group>
        </>
      ),
    },
    {
      header: 'Email',
      cell: (member) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Text>
      ),
    },
    {
      header: 'Role',
      cell: (member) =>
        isOwner ? (
          <Select
            aria-label={`Role of ${member.email}`}
            data={roleOptions}
            value={member.role}
            allowDeselect={false}
            size="xs"
            w={120}
            disabled={changeRole.isPending}
            onChange={(value) => {
              if (value === 'owner' || value === 'member') {
                changeRole.mutate({ memberId: member.id, role: value });
              }
            }}
          />
        ) : (
          <Badge variant="light" color={member.role === 'owner' ? 'brand' : 'gray'}>
            {ROLE_LABELS[member.role]}
          </Badge>
        ),
    },
  ];
  if (isOwner) {
    columns.push({
      header: 'Actions',
      hiddenHeader: true,
      end: true,
      cell: (member) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setRemoving(member)}
          aria-label={`Remove ${member.email}`}
        >
          Remove
        </Button>
      ),
    });
  }
  return (
    <>
      {changeRole.isError && (
        <FormAlert title="Could not change the role" error={changeRole.error} />
      )}
      <DataTable
        query={team}
        columns={columns}
        rowKey={(member) => member.id}
        label="Team members"
        errorTitle="Could not load the team"
        // Never seen in practice: whoever reads the list is on the team.
        empty={
          <Text size="sm" c="dimmed">
            No one is on the team yet.
          </Text>
        }
        // Narrow enough for the settings panel beside the tabs; long emails wrap.
        minWidth={480}
      />
      <RemoveMemberModal member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function RemoveMemberModal({
  member,
  onClose,
}: {
  member: TeamMember | null;
  onClose: () => void;
}) {
  const removeMutation = useRemoveMember();
  const close = () => {
    removeMutation.reset();
    onClose();
  };
  return (
    <Modal opened={member !== null} onClose={close} title="Remove from the team?" centered>
      <Stack gap="md">
        {removeMutation.isError && (
          <FormAlert title="Could not remove" error={removeMutation.error} />
        )}
        <Text size="sm">
          {member?.email} will be signed out and can no longer sign in to this business.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={removeMutation.isPending}
            onClick={() => {
              if (!member) return;
              removeMutation.mutate(
                { memberId: member.id, email: member.email },
                { onSuccess: close },
              );
            }}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function InviteForm() {
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<InviteMemberFormValues, unknown, InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', name: '', role: 'member' },
  });
  const inviteMutation = useInviteMember();
  const submit = (values: InviteMemberInput) => {
    inviteMutation.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        if (applyServerFieldErrors(error, ['email', 'name', 'role'], setError)) {
          inviteMutation.reset();
        }
      },
    });
  };
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            Invite someone
          </Title>
          <Text size="sm" c="dimmed">
            They get a link by mail to choose a password and join (it works once, for 7 days).
          </Text>
        </Stack>
        {inviteMutation.isError && (
          <FormAlert title="Could not send the invitation" error={inviteMutation.error} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            withAsterisk
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Name"
            autoComplete="off"
            placeholder="Optional"
            error={errors.name?.message}
            {...register('name')}
          />
          <Controller
            control={control}
            name="role"
            render={({ field, fieldState }) => (
              <Select
                label="Role"
                data={roleOptions}
                allowDeselect={false}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'member')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={inviteMutation.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
