import type { Db } from '../db/client';
import type { campaigns } from '../db/schema';
import { insertCampaign } from '../modules/campaigns/campaigns.repository';

type CampaignValues = typeof campaigns.$inferInsert;

/**
 * A running campaign written straight to its table (no platform campaign, no contacts):
 * "Spring check-ups" from number pn-1 to every contact, 9:00 to 17:00 New York time, one call at
 * a time. A test gives the business and whatever its case needs besides.
 */
export function insertRunningCampaign(
  db: Db,
  values: Pick<CampaignValues, 'businessId'> & Partial<CampaignValues>,
) {
  return insertCampaign(db, {
    name: 'Spring check-ups',
    status: 'running',
    phoneNumberId: 'pn-1',
    audience: { kind: 'all' },
    startAt: new Date(),
    callingHoursStart: 9 * 60,
    callingHoursEnd: 17 * 60,
    timeZone: 'America/New_York',
    maxConcurrency: 1,
    ...values,
  });
}
