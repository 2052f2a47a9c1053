/**
 * Who may do what: the session's roles and the team's, with their labels and the spending rule.
 * No schemas here (they are in `auth` and `account`, which re-export these): the signed-in shell
 * reads these on every screen, and must not bring the schema library with them (decision 096).
 */

/**
 * admin: the operator, no business. owner: manages the business and its team, and everything a
 * manager may. manager: the daily work, and may also spend the business's money on the voice
 * platform and delete its platform resources (decision 051). member: the daily work only.
 */
export const ROLES = ['admin', 'owner', 'manager', 'member'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Whether this role may spend money on the voice platform (buy or release numbers, start, pause,
 * resume or cancel campaigns) and delete the business's platform resources (agents, tools,
 * documents, knowledge bases, squads, structured outputs, tests): owners and managers, and the
 * operator, who holds the platform account. The server's `manager` access level and the web's
 * disabled buttons both read this.
 */
export function canSpendAndDelete(role: Role): boolean {
  return role === 'owner' || role === 'manager' || role === 'admin';
}

/**
 * What the server answers (403) when a member tries one of those, and what the web says beside
 * the buttons it disables for them.
 */
export const permissionMessages = {
  spendAndDeleteRefused:
    'Only an owner or a manager of the business can spend money or delete on the voice platform (buy or release numbers, run campaigns, delete agents, tools, documents and knowledge bases). Ask an owner of the business.',
  /** Beside a disabled button: "Only owners and managers can release numbers." */
  onlyManagers: (action: string) =>
    `Only owners and managers can ${action}. Ask an owner of the business to do it, or to make you a manager.`,
} as const;

export const TEAM_ROLES = ['owner', 'manager', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A business user's stored role as the team sees it (an unknown value reads as the least). */
export function toTeamRole(role: string): TeamRole {
  return role === 'owner' || role === 'manager' ? role : 'member';
}

/** How the team screen names each role and says, in plain words, what it may do. */
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  member: 'Member',
};
export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything a manager can, and manages the team and the business’s details.',
  manager:
    'Can spend money and delete: buy and release numbers, start and stop campaigns, delete agents, tools, documents, knowledge bases, squads and tests.',
  member:
    'The daily work: calls, contacts, enquiries, appointments, agents’ settings. Cannot spend money or delete.',
};
