import { Badge } from '@mantine/core';
import { CALL_OUTCOME_LABELS, type CallOutcome } from '@switchboard/shared/calls';

/** The call's success evaluation as a pass/fail badge. */
export function OutcomeBadge({ outcome }: { outcome: CallOutcome }) {
  return (
    <Badge variant="light" color={outcome === 'pass' ? 'teal' : 'red'} size="sm">
      {CALL_OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

const CALL_TYPE_LABELS = { inbound: 'Inbound', outbound: 'Outbound', web: 'Web' } as const;

export function callTypeLabel(type: keyof typeof CALL_TYPE_LABELS): string {
  return CALL_TYPE_LABELS[type];
}
