import { useRepairAgentMutation } from '../../../lib/api/repair-agent';
import { agentHealthQueryKey } from './get-agent-health';

/** Repairs one of the business's agents; its health panel shows the answer. */
export function useRepairAgent() {
  return useRepairAgentMutation(agentHealthQueryKey);
}
