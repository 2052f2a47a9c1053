import { AgentOrSquadSelect } from '../../../components/agent-or-squad-select';
import { useAgentList } from '../../../lib/api/list-agents';
import { useSquads } from '../../../lib/api/list-squads';

type AnsweredBySelectProps = {
  /** `agent:<id>`, `squad:<id>`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  description: string;
  error?: string;
  /** A first option for nobody (value ''), with this label; none without it. */
  none?: string;
  placeholder?: string;
  /** false: a choice can be changed but not cleared (the edit dialog has Nobody for that). */
  allowDeselect?: boolean;
};

/**
 * Who answers a number: one of the business's agents or squads, loaded here, with the list's
 * own failure as the field's error. The add and edit dialogs both ask it.
 */
export function AnsweredBySelect({ value, onChange, error, ...props }: AnsweredBySelectProps) {
  const agents = useAgentList();
  const squads = useSquads();
  return (
    <AgentOrSquadSelect
      label="Answered by"
      agents={agents.data ?? []}
      squads={squads.data ?? []}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      disabled={agents.isPending || squads.isPending}
      error={
        error ??
        (agents.isError
          ? 'Could not load your agents'
          : squads.isError
            ? 'Could not load your squads'
            : undefined)
      }
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
