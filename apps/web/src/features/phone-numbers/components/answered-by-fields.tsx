import { TextInput } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { AgentOrSquadSelect } from '../../../components/agent-or-squad-select';
import { useAgentList } from '../../../lib/api/list-agents';
import { useSquads } from '../../../lib/api/list-squads';

/** A number's routing in a form: who answers it, and where its calls go when nobody does. */
type RoutingValues = FieldValues & {
  /** `agent:<id>`, `squad:<id>`, or '' for none. */
  answeredBy: string;
  fallbackNumber: string;
};

type AnsweredByFieldsProps<T extends RoutingValues> = {
  control: Control<T>;
  description: string;
  /** A first option for nobody (value ''), with this label; none without it. */
  none?: string;
  placeholder?: string;
  /** false: a choice can be changed but not cleared (the edit dialog has Nobody for that). */
  allowDeselect?: boolean;
};

/**
 * Who answers a number (one of the business's agents or squads, loaded here, with the list's
 * own failure as the field's error) and its fallback number. The add and edit dialogs both ask
 * them.
 */
export function AnsweredByFields<T extends RoutingValues>({
  control,
  ...select
}: AnsweredByFieldsProps<T>) {
  const agents = useAgentList();
  const squads = useSquads();
  const answeredBy = useController({ control, name: 'answeredBy' as Path<T> });
  const fallback = useController({ control, name: 'fallbackNumber' as Path<T> });
  return (
    <>
      <AgentOrSquadSelect
        label="Answered by"
        agents={agents.data ?? []}
        squads={squads.data ?? []}
        value={answeredBy.field.value}
        onChange={(next) => answeredBy.field.onChange(next ?? '')}
        disabled={agents.isPending || squads.isPending}
        error={
          answeredBy.fieldState.error?.message ??
          (agents.isError
            ? 'Could not load your agents'
            : squads.isError
              ? 'Could not load your squads'
              : undefined)
        }
        comboboxProps={{ withinPortal: true }}
        {...select}
      />
      <TextInput
        label="Fallback number"
        description="Calls go here when no agent answers (E.164). Leave empty to hang up."
        placeholder="+14155550123"
        inputMode="tel"
        {...fallback.field}
        error={fallback.fieldState.error?.message}
      />
    </>
  );
}
