import { Badge, Chip, Group, Paper, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import {
  formatLogTime,
  PLATFORM_LOG_LEVEL_LABELS,
  PLATFORM_LOG_LEVELS,
  type PlatformLogEntry,
  type PlatformLogLevel,
} from '@switchboard/shared/platform-logs';
import { IconFileOff } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyPanel } from '../../../components/empty-panel';
import { QueryError } from '../../../components/query-error';
import { useCallPlatformLogs } from '../api/get-call-platform-logs';

const LEVEL_COLORS: Record<PlatformLogLevel, string> = {
  INFO: 'blue',
  LOG: 'gray',
  WARN: 'yellow',
  ERROR: 'red',
  CHECKPOINT: 'teal',
};

function LogLine({ entry, timeZone }: { entry: PlatformLogEntry; timeZone: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="platform-log-line">
      <Text size="xs" ff="monospace" c="dimmed" style={{ flexShrink: 0 }}>
        {formatLogTime(entry.time, timeZone)}
      </Text>
      <Badge
        size="xs"
        variant="light"
        color={LEVEL_COLORS[entry.level]}
        w={84}
        style={{ flexShrink: 0 }}
      >
        {PLATFORM_LOG_LEVEL_LABELS[entry.level]}
      </Badge>
      <Text size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {entry.message}
      </Text>
    </Group>
  );
}

/**
 * The platform's logs of a call (its own debugging output: connection, speech, tools, the end),
 * with a level filter. Nothing is fetched until this tab is opened.
 */
export function CallPlatformLogs({ callId, timeZone }: { callId: string; timeZone: string }) {
  const [levels, setLevels] = useState<PlatformLogLevel[]>([]);
  const logs = useCallPlatformLogs(callId, levels);

  if (logs.isError && !logs.data) {
    return (
      <QueryError
        title="Could not load the call's logs"
        error={logs.error}
        onRetry={() => void logs.refetch()}
        retrying={logs.isFetching}
      />
    );
  }
  if (!logs.data) {
    return (
      <Stack gap="xs">
        <Text role="status" size="sm" c="dimmed">
          Loading the call's logs…
        </Text>
        <Skeleton height={28} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  const data = logs.data;
  if (!data.available) {
    return (
      <EmptyPanel
        icon={IconFileOff}
        title="No logs for this call"
        description="The voice platform writes a call's logs when the call ends, unless logging is turned off for its agent."
      />
    );
  }
  return (
    <Stack gap="sm">
      <Chip.Group multiple value={levels} onChange={(next) => setLevels(next)}>
        <Group gap={6} role="group" aria-label="Log levels">
          {PLATFORM_LOG_LEVELS.map((level) => (
            <Chip key={level} value={level} size="xs" color={LEVEL_COLORS[level]}>
              {PLATFORM_LOG_LEVEL_LABELS[level]} ({data.counts[level]})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {levels.length === 0
          ? `All ${data.total} lines. Choose levels to see only those.`
          : `${data.entries.length} of ${data.total} lines.`}
        {data.truncated ? ' Only the first lines are shown.' : ''}
        {logs.isFetching ? ' Updating…' : ''}
      </Text>
      {data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {data.total === 0
            ? 'The log file of this call is empty.'
            : 'No lines at the chosen levels.'}
        </Text>
      ) : (
        <Paper withBorder p="xs">
          <ScrollArea.Autosize mah={480}>
            <Stack gap={4} role="log" aria-label="Platform logs">
              {data.entries.map((entry, n) => (
                <LogLine key={n} entry={entry} timeZone={timeZone} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
