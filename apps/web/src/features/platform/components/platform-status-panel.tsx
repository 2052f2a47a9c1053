import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@switchboard/shared/format';
import { QueryError } from '../../../components/query-error';
import { usePlatformStatus } from '../api/get-platform-status';
import { SectionHeading } from '../../../components/section-heading';

const SYNC_LABELS = {
  never: 'Not synced yet',
  idle: 'Up to date',
  running: 'Syncing',
  failed: 'Failing',
} as const;

/**
 * The voice platform as this business sees it: which platform, when its calls were last copied,
 * the last error, and how many agents are assigned. Read-only for everyone.
 */
export function PlatformStatusPanel({
  agentCount,
  timeZone,
}: {
  agentCount: number | undefined;
  timeZone: string;
}) {
  const status = usePlatformStatus();
  if (status.isError) {
    return (
      <QueryError
        title="Could not load the platform status"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  }
  const data = status.data;
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <SectionHeading title="Platform">
          The voice platform your agents run on. Read-only: the operator connects it.
        </SectionHeading>
        {!data ? (
          <Skeleton h={120} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Fact label="Platform">
              {data.mode === 'sandbox' ? 'Sandbox (demo data)' : 'Live platform account'}
            </Fact>
            <Fact label="Agents">{agentCount === undefined ? '…' : String(agentCount)}</Fact>
            <Fact label="Call sync">
              <Badge
                variant="light"
                color={
                  data.sync.status === 'failed'
                    ? 'red'
                    : data.sync.status === 'idle'
                      ? 'teal'
                      : 'gray'
                }
              >
                {SYNC_LABELS[data.sync.status]}
              </Badge>
            </Fact>
            <Fact label="Last successful sync">
              {data.sync.lastSuccessAt
                ? formatDateTime(data.sync.lastSuccessAt, timeZone)
                : 'Never'}
            </Fact>
            <Fact label="Last error">{data.sync.lastError ?? 'None'}</Fact>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text size="sm" c="dimmed" w={160} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Group>
  );
}
