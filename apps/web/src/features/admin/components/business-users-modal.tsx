import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { TEAM_ROLE_LABELS } from '@switchboard/shared/account';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { QueryError } from '../../../components/query-error';
import { useBusinessUsers } from '../api/list-business-users';
import { useSendSetPasswordLink } from '../api/send-set-password-link';

type BusinessUsersModalProps = {
  business: { id: string; name: string } | null;
  onClose: () => void;
};

/** Who signs in for a business; the operator can mail any of them a fresh set-password link. */
export function BusinessUsersModal({ business, onClose }: BusinessUsersModalProps) {
  const users = useBusinessUsers(business?.id ?? null);
  const sendLink = useSendSetPasswordLink();
  return (
    <Modal
      opened={business !== null}
      onClose={onClose}
      title={business ? `Users of ${business.name}` : ''}
      size="lg"
      centered
    >
      {users.isError ? (
        <QueryError
          title="Could not load the users"
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : !users.data ? (
        <Skeleton h={100} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            A set-password link (24 hours, single use) lets a user in when their first mail was lost
            or its link expired.
          </Text>
          {!users.data.data.some((user) => user.role === 'owner' && user.hasPassword) && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={20} />}
              title="No owner of this business can sign in"
            >
              Nobody can manage its team. Send one of its owners a set-password link below.
            </Alert>
          )}
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label="Users">
              <Table.Tbody>
                {users.data.data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {user.email}
                        </Text>
                        {user.name && (
                          <Text size="xs" c="dimmed">
                            {user.name}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge
                          size="sm"
                          variant="light"
                          color={
                            user.role === 'owner'
                              ? 'brand'
                              : user.role === 'manager'
                                ? 'teal'
                                : 'gray'
                          }
                        >
                          {TEAM_ROLE_LABELS[user.role]}
                        </Badge>
                        {!user.hasPassword && (
                          <Badge size="sm" variant="light" color="yellow">
                            No password yet
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconMailForward size={14} />}
                        loading={sendLink.isPending && sendLink.variables === user.id}
                        onClick={() => sendLink.mutate(user.id)}
                        aria-label={`Send a set-password link to ${user.email}`}
                      >
                        Send set-password link
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
