import { Text, type TextProps } from '@mantine/core';
import { describeEndedReason, endedReasonLabel } from '@switchboard/shared/ended-reasons';
import { TooltipOnDemand } from './tooltip-on-demand';

/**
 * Why a call ended, in a few words ("Caller hung up"), with the sentence that explains it as a
 * tooltip, shown on hover, on touch and when the label has keyboard focus. The platform's code
 * itself is shown only in a call's detail. The tooltip mounts when first wanted: a call log has
 * one of these on every row.
 */
export function EndReasonLabel({ reason, ...textProps }: { reason: string | null } & TextProps) {
  return (
    <TooltipOnDemand
      label={describeEndedReason(reason)}
      multiline
      maw={280}
      events={{ focus: true, touch: true }}
    >
      <Text size="sm" tabIndex={0} style={{ whiteSpace: 'nowrap' }} {...textProps}>
        {endedReasonLabel(reason)}
      </Text>
    </TooltipOnDemand>
  );
}
