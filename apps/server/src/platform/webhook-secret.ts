import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { platformSettings } from '../db/schema';

const WEBHOOK_SECRET = 'webhook-secret';

/**
 * The webhook secret this deployment puts on its agents' `server` when VAPI_WEBHOOK_SECRET is
 * unset: made up once and kept in the database. Every instance inserts its own candidate only
 * if none is there yet and then reads the stored one, so all of them agree on the first.
 */
export async function sharedWebhookSecret(db: Db): Promise<string> {
  await db
    .insert(platformSettings)
    .values({ name: WEBHOOK_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: platformSettings.name });
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.name, WEBHOOK_SECRET));
  if (!row) throw new Error('the webhook secret could not be stored');
  return row.value;
}
