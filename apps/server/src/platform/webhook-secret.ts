import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { platformSettings } from '../db/schema';
import type { PlatformClient } from './platform-client';

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

async function storedSetting(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.name, name));
  return row?.value;
}

/**
 * HMAC mode (VAPI_WEBHOOK_AUTH=hmac): the id of the platform's webhook credential that signs
 * what the platform sends us with our secret (HMAC-SHA256 of `{timestamp}.{body}`, the
 * document's defaults, which checkWebhookAuth verifies). Made once per secret and kept in the
 * database; when two instances make one at the same time, the first stored wins and the other
 * deletes its own.
 */
export async function sharedWebhookCredential(
  db: Db,
  client: Pick<PlatformClient, 'credentials'>,
  secret: string,
): Promise<string> {
  const name = `webhook-credential-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`;
  const stored = await storedSetting(db, name);
  if (stored) return stored;
  const created = await client.credentials.createWebhook({
    name: 'Switchboard webhooks',
    authenticationPlan: { type: 'hmac', secretKey: secret, algorithm: 'sha256' },
  });
  await db
    .insert(platformSettings)
    .values({ name, value: created.id })
    .onConflictDoNothing({ target: platformSettings.name });
  const winner = await storedSetting(db, name);
  if (!winner) throw new Error('the webhook credential could not be stored');
  if (winner !== created.id) await client.credentials.delete(created.id).catch(() => undefined);
  return winner;
}
