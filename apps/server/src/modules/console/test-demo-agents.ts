import { eq } from 'drizzle-orm';
import { agents, platformResources } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

/**
 * For tests: hands one of the sandbox's demo agents, and its number, to a business (as the
 * operator's assignment would); answers the demo agent.
 */
export async function giveDemoAgent(app: TestApp, businessId: string, demoIndex: number) {
  const demo = app.platform.sandbox!.demo.assistants[demoIndex]!;
  await app.database.db
    .update(agents)
    .set({ businessId })
    .where(eq(agents.platformAssistantId, demo.id));
  await app.database.db
    .update(platformResources)
    .set({ businessId })
    .where(eq(platformResources.platformId, demo.phoneNumberId));
  return demo;
}
