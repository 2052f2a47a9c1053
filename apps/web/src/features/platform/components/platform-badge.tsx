import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { TooltipOnDemand } from '../../../components/tooltip-on-demand';
import { usePlatformStatus } from '../api/get-platform-status';

/**
 * Says where the calls come from: the bundled sandbox platform (demo data), and, whatever the
 * platform, when it cannot be reached and the figures may be stale. Its explanation's tooltip
 * mounts when first wanted: the badge arrives with the shell's platform status, after the
 * first paint, and Mantine's Tooltip made that a long task of its own (decision 098).
 */
export function PlatformBadge() {
  const { data } = usePlatformStatus();
  if (!data) return null;

  if (data.sync.status === 'failed') {
    return (
      <TooltipOnDemand
        multiline
        w={300}
        label={`The voice platform could not be reached (${data.sync.lastError ?? 'unknown error'}). Calls shown may be out of date; Switchboard keeps retrying.`}
      >
        <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={14} />}>
          Data may be stale
        </Badge>
      </TooltipOnDemand>
    );
  }
  if (data.mode === 'sandbox') {
    return (
      <TooltipOnDemand
        multiline
        w={300}
        label="No voice platform account is configured, so Switchboard runs the bundled sandbox platform: demo agents, demo calls and a simulator that places new calls."
      >
        <Badge color="grape" variant="light" leftSection={<IconFlask size={14} />}>
          Sandbox
        </Badge>
      </TooltipOnDemand>
    );
  }
  return null;
}
