import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { agents } from './schema';

/**
 * The business's current agents (not removed), as a condition on the agents table: all of them,
 * the one with a platform assistant id, or those among a list of ids.
 */
export function currentAgentsOf(
  businessId: string,
  assistantIds?: string | readonly string[],
): SQL | undefined {
  return and(
    eq(agents.businessId, businessId),
    isNull(agents.removedAt),
    assistantIds === undefined
      ? undefined
      : typeof assistantIds === 'string'
        ? eq(agents.platformAssistantId, assistantIds)
        : inArray(agents.platformAssistantId, [...assistantIds]),
  );
}
