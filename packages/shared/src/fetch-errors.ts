/**
 * The seed's failure texts (§8): "Failed to fetch agents: <reason>", "Failed to fetch call
 * logs: …", "Failed to fetch contacts: …", and without the reason (e.g. "Failed to fetch call
 * logs") when there is none.
 */
export function fetchFailedMessage(what: string, reason?: string | null): string {
  const trimmed = reason?.trim();
  return trimmed ? `Failed to fetch ${what}: ${trimmed}` : `Failed to fetch ${what}`;
}
