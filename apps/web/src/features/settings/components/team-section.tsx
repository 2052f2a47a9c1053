import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  type ComboboxItem,
  type SelectProps,
} from '@mantine/core';
import {
  inviteMemberSchema,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  type InviteMemberFormValues,
  type InviteMemberInput,
  type TeamMember,
  type TeamRole,
} from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useChangeRole } from '../api/change-role';
import { useInviteMember } from '../api/invite-member';
import { useTeam } from '../api/list-team';
import { useRemoveMember } from '../api/remove-member';
import { FormAlert } from '../../../components/form-alert';
import { SectionHeading } from '../../../components/section-heading';
import { controlledProps } from '../../../lib/bind-field';
import { SubmitRow } from './submit-row';
import { useZodForm } from '../../../lib/use-zod-form';

const roleOptions = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));
const isTeamRole = (value: string | null): value is TeamRole =>
  (TEAM_ROLES as readonly (string | null)[]).includes(value);
const ROLE_COLORS: Record<TeamRole, string> = { owner: 'brand', manager: 'teal', member: 'gray' };
const LAST_OWNER_HINT =
  'The only owner who has joined: to step down or leave, make someone who has joined an owner first.';

/** Each role in the list with what it may do, in plain words, under its name. */
const renderRoleOption: SelectProps['renderOption'] = ({ option }: { option: ComboboxItem }) => (
  <Stack gap={2} py={2}>
    <Text size="sm" fw={500}>
      {option.label}
    </Text>
    {isTeamRole(option.value) && (
      <Text size="xs" c="dimmed">
        {TEAM_ROLE_DESCRIPTIONS[option.value]}
      </Text>
    )}
  </Stack>
);

/**
 * The business's users. Owners invite, change roles (owner, manager, member: decision 051) and
 * remove; managers and members see who is on the team. The business's only owner who has
 * joined can neither step down nor be removed: the controls say so (and the server refuses).
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
            <List size="sm" spacing={4} aria-label="What each role may do">
              {TEAM_ROLES.map((role) => (
                <List.Item key={role}>
                  <Text span size="sm" fw={600}>
                    {TEAM_ROLE_LABELS[role]}:
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    {TEAM_ROLE_DESCRIPTIONS[role]}
                  </Text>
                </List.Item>
              ))}
            </List>
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
  // Only owners who joined count: an invitation nobody used signs nobody in.
  const activeOwners = (team.data ?? []).filter(
    (member) => member.role === 'owner' && member.status === 'active',
  );
  const isLastOwner = (member: TeamMember) =>
    activeOwners.length === 1 && activeOwners[0]?.id === member.id;
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
        isOwner && !isLastOwner(member) ? (
          <Select
            aria-label={`Role of ${member.email}`}
            data={roleOptions}
            renderOption={renderRoleOption}
            comboboxProps={{ width: 320, position: 'bottom-start' }}
            maxDropdownHeight={400}
            value={member.role}
            allowDeselect={false}
            size="xs"
            w={130}
            disabled={changeRole.isPending}
            onChange={(value) => {
              if (isTeamRole(value)) changeRole.mutate({ memberId: member.id, role: value });
            }}
          />
        ) : (
          <Badge variant="light" color={ROLE_COLORS[member.role]}>
            {TEAM_ROLE_LABELS[member.role]}
          </Badge>
        ),
    },
  ];
  if (isOwner) {
    columns.push({
      header: 'Actions',
      hiddenHeader: true,
      end: true,
      cell: (member) =>
        isLastOwner(member) ? (
          // What the server would answer (LAST_OWNER), said before anyone tries.
          <Text size="xs" c="dimmed" maw={240}>
            {LAST_OWNER_HINT}
          </Text>
        ) : (
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

/** The role an invitation gives, with what that role may do under the picker. */
function InviteRoleField({ control }: { control: Control<InviteMemberFormValues> }) {
  const { field, fieldState } = useController({ control, name: 'role' });
  return (
    <Select
      label="Role"
      data={roleOptions}
      renderOption={renderRoleOption}
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      maxDropdownHeight={400}
      description={isTeamRole(field.value) ? TEAM_ROLE_DESCRIPTIONS[field.value] : undefined}
      // What the chosen role may do, under the picker: the three fields stay aligned.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      allowDeselect={false}
      {...controlledProps(field, fieldState)}
      value={field.value}
      onChange={(value) => field.onChange(value ?? 'member')}
    />
  );
}

function InviteForm() {
  const { form, fieldProps } = useZodForm<InviteMemberFormValues, InviteMemberInput>(
    inviteMemberSchema,
    { email: '', name: '', role: 'member' },
  );
  const inviteMutation = useInviteMember();
  const submit = (values: InviteMemberInput) => {
    inviteMutation.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (applyServerFieldErrors(error, ['email', 'name', 'role'], form.setError)) {
          inviteMutation.reset();
        }
      },
    });
  };
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        <SectionHeading title="Invite someone">
          They get a link by mail to choose a password and join (it works once, for 7 days).
        </SectionHeading>
        {inviteMutation.isError && (
          <FormAlert title="Could not send the invitation" error={inviteMutation.error} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            withAsterisk
            {...fieldProps('email')}
          />
          <TextInput
            label="Name"
            autoComplete="off"
            placeholder="Optional"
            {...fieldProps('name')}
          />
          <InviteRoleField control={form.control} />
        </SimpleGrid>
        <SubmitRow pending={inviteMutation.isPending}>Send invitation</SubmitRow>
      </Stack>
    </form>
  );
}
