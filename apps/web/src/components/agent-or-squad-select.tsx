import { Select, type ComboboxItem, type ComboboxItemGroup, type SelectProps } from '@mantine/core';

type Named = { id: string; name: string };

/** Which one answers or calls: `{ agentId }`, `{ squadId }`, or null for nobody. */
export function parseAgentOrSquad(value: string): { agentId: string } | { squadId: string } | null {
  if (value.startsWith('agent:')) return { agentId: value.slice('agent:'.length) };
  if (value.startsWith('squad:')) return { squadId: value.slice('squad:'.length) };
  return null;
}

type AgentOrSquadSelectProps = Omit<SelectProps, 'data'> & {
  agents: readonly Named[];
  squads: readonly Named[];
  /** A first option for nobody (value ''), with this label. */
  none?: string;
};

/**
 * One of the business's agents or squads, grouped, as `agent:<id>` / `squad:<id>` (read back
 * with parseAgentOrSquad). The lists come from the feature that shows it.
 */
export function AgentOrSquadSelect({ agents, squads, none, ...props }: AgentOrSquadSelectProps) {
  const groups: ComboboxItemGroup<ComboboxItem>[] = [
    {
      group: 'Agents',
      items: agents.map((agent) => ({ value: `agent:${agent.id}`, label: agent.name || agent.id })),
    },
  ];
  if (squads.length > 0) {
    groups.push({
      group: 'Squads',
      items: squads.map((squad) => ({ value: `squad:${squad.id}`, label: squad.name || squad.id })),
    });
  }
  return (
    <Select
      data={none === undefined ? groups : [{ value: '', label: none }, ...groups]}
      {...props}
    />
  );
}
