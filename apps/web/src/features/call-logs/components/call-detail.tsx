import {
  Anchor,
  Badge,
  Code,
  DataList,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { CallDetail as CallDetailData } from '@switchboard/shared/call-logs';
import { formatCost, formatDateTime } from '@switchboard/shared/format';
import { LIVE_ACTION_WORDS } from '@switchboard/shared/live-calls';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeSuccessEvaluation } from '../utils/success-evaluation';
import { CallRecordingTranscript } from './call-recording-transcript';
import { CallBackCaller } from './call-back-caller';
import { TimeZoneLine } from '../../../components/page-header';
import { DetailSection } from './detail-section';
import { EraseCallSection, ErasedNotice } from './erase-call';
import { callTypeLabel, OutcomeBadge } from './outcome-badge';

/** Everything about one call: the facts, what it was about, how it went, and what was said. */
export function CallDetail({
  call,
  highlight = '',
}: {
  call: CallDetailData;
  /** Words searched for in the call log, marked in the transcript. */
  highlight?: string;
}) {
  const { row } = call;
  const customerNumber =
    call.customerNumber ?? (row.customerPhone === '-' ? null : row.customerPhone);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label="Call">
          <Text size="sm" ff="monospace" title={row.id}>
            {row.displayId}
          </Text>
        </Fact>
        <Fact label="Start time">{row.startTime}</Fact>
        <Fact label="Duration">{row.duration}</Fact>
        <Fact label="Cost">{row.cost}</Fact>
        <Fact label="Success">
          <OutcomeBadge outcome={row.successEvaluation} />
        </Fact>
        <Fact label="Type">
          <Group gap={6}>
            {callTypeLabel(row.callType)}
            {row.isTest && (
              <Badge size="xs" variant="outline" color="gray">
                Test
              </Badge>
            )}
          </Group>
        </Fact>
        <Fact label="Customer number">
          <Text size="sm" ff="monospace">
            {customerNumber ?? '-'}
          </Text>
        </Fact>
        <Fact label="Agent">{call.agent?.name ?? row.assistant}</Fact>
        <Fact label="Agent number">
          <Text size="sm" ff="monospace">
            {row.assistantPhone}
          </Text>
        </Fact>
      </SimpleGrid>
      {/* A dialog over the log: the call's own business's zone (the operator's log is in UTC). */}
      <TimeZoneLine timeZone={call.timeZone} />
      <ErasedNotice call={call} />

      {customerNumber && (
        <DetailSection title="Caller's contact, enquiries and appointments">
          <Group gap="md">
            {(
              [
                ['Contact', '/contacts'],
                ['Enquiries', '/enquiries'],
                ['Appointments', '/appointments'],
              ] as const
            ).map(([label, path]) => (
              <Anchor
                key={path}
                component={Link}
                to={`${path}?${new URLSearchParams({ search: customerNumber }).toString()}`}
                size="sm"
              >
                {label}
              </Anchor>
            ))}
            <CallBackCaller call={call} number={customerNumber} />
          </Group>
        </DetailSection>
      )}

      <Divider />

      <DetailSection title="Summary">
        <Text size="sm" c={call.summary ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {call.summary ?? 'The platform wrote no summary of this call.'}
        </Text>
      </DetailSection>

      <DetailSection title="Success evaluation">
        <Group gap="xs" mb={4}>
          <OutcomeBadge outcome={row.successEvaluation} />
          <Text size="sm">
            Evaluation: <Code>{call.successEvaluationRaw ?? 'none'}</Code>
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {describeSuccessEvaluation(call.successEvaluationRaw, row.successEvaluation)}
        </Text>
      </DetailSection>

      <DetailSection title="Structured data">
        <StructuredData data={call.structuredData} />
      </DetailSection>

      <DetailSection
        title="Structured outputs"
        empty={
          call.structuredOutputs.length === 0 &&
          'No structured output was extracted from this call.'
        }
      >
        <Stack gap="sm">
          {call.structuredOutputs.map((output) => (
            <div key={output.id}>
              <Text size="sm" fw={600} mb={4}>
                {output.name}
              </Text>
              {output.result !== null &&
              typeof output.result === 'object' &&
              !Array.isArray(output.result) ? (
                <StructuredData data={output.result as Record<string, unknown>} />
              ) : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {Array.isArray(output.result)
                    ? JSON.stringify(output.result)
                    : formatScalar(output.result)}
                </Text>
              )}
            </div>
          ))}
        </Stack>
      </DetailSection>

      <DetailSection title="End reason">
        <Text size="sm">{call.endReasonText}</Text>
        <Code>{row.endReason}</Code>
      </DetailSection>

      {call.transfer && (
        <DetailSection title="Transfer destination">
          <DataList size="sm" gap={4}>
            <DataList.Item>
              <DataList.ItemLabel>Number</DataList.ItemLabel>
              <DataList.ItemValue>{call.transfer.number ?? '-'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Name</DataList.ItemLabel>
              <DataList.ItemValue>{call.transfer.name ?? '-'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Status</DataList.ItemLabel>
              <DataList.ItemValue>{call.transfer.status ?? '-'}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </DetailSection>
      )}

      {call.actions && call.actions.length > 0 && (
        <DetailSection title="Stepped in during the call">
          <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {call.actions.map((action, index) => (
              <Text key={index} size="sm" component="li">
                <Text span c="dimmed">
                  {formatDateTime(action.at, call.timeZone)}
                </Text>{' '}
                {action.by}: {LIVE_ACTION_WORDS[action.action] ?? action.action}
                {action.detail ? ` “${action.detail}”` : ''}
                {action.outcome === 'done' ? '' : ` (not done: ${action.outcome})`}
              </Text>
            ))}
          </Stack>
        </DetailSection>
      )}

      <DetailSection
        title="Cost breakdown"
        empty={call.costBreakdown.length === 0 && 'The platform gave no breakdown of the cost.'}
      >
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} maw={360}>
          <Table.Tbody>
            {call.costBreakdown.map((entry) => (
              <Table.Tr key={entry.label}>
                <Table.Th fw={400}>{entry.label}</Table.Th>
                <Table.Td ta="right">{formatCost(entry.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Td ta="right" fw={600}>
                {row.cost}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </DetailSection>

      <Divider />

      <CallRecordingTranscript
        recordingUrl={call.recordingUrl}
        transcript={call.transcript}
        agentName={call.agent?.name ?? row.assistant}
        highlight={highlight}
      />

      <EraseCallSection call={call} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </Stack>
  );
}

function StructuredData({ data }: { data: Record<string, unknown> | null }) {
  const entries = data ? Object.entries(data) : [];
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The platform extracted no structured data from this call.
      </Text>
    );
  }
  return (
    <DataList size="sm" gap={6} labelWidth={140}>
      {entries.map(([key, value]) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel>{key}</DataList.ItemLabel>
          <DataList.ItemValue>
            {value !== null && typeof value === 'object' ? (
              <Code block>{JSON.stringify(value, null, 2)}</Code>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {formatScalar(value)}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

/** A structured-data value that is not an object or array. */
function formatScalar(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value) ?? '-';
}
