import { eq } from 'drizzle-orm';
import { agents, contactImports, contacts, platformResources } from '../../db/schema';
import { createBusinessWithMember, sessionHeaders, type TestApp } from '../../test/test-app';

export type CampaignTestBusiness = Awaited<ReturnType<typeof campaignTestBusiness>>;

/**
 * The business the campaign tests call from: an owner's business in New York that owns the
 * sandbox's dental demo agent and its number (named `numberName` when given), with a completed
 * import called `fileName` that `addContact` adds its contacts to.
 */
export async function campaignTestBusiness(app: TestApp, fileName: string, numberName?: string) {
  const { db } = app.database;
  const owner = await createBusinessWithMember(app, {
    timezone: 'America/New_York',
    country: 'United States',
  });
  const businessId = owner.businessId;
  const demo = app.platform.sandbox!.demo.assistants[0]!;
  await db.update(agents).set({ businessId }).where(eq(agents.platformAssistantId, demo.id));
  await db
    .update(platformResources)
    .set({ businessId, ...(numberName === undefined ? {} : { name: numberName }) })
    .where(eq(platformResources.platformId, demo.phoneNumberId));
  const [imported] = await db
    .insert(contactImports)
    .values({ businessId, fileName, fileType: 'csv', fileSize: 10, status: 'completed' })
    .returning();
  const importId = imported!.id;
  return {
    businessId,
    headers: await sessionHeaders(app, owner.userName),
    agent: { id: demo.id, phoneNumberId: demo.phoneNumberId },
    importId,
    addContact: async (values: Partial<typeof contacts.$inferInsert>) => {
      const [row] = await db
        .insert(contacts)
        .values({ businessId, source: 'import', importId, ...values })
        .returning();
      return row!;
    },
  };
}
