/**
 * A campaign's and a campaign contact's statuses, their labels, and the dashboard card's size.
 * No schemas here (they are in `campaigns`, which re-exports these): the dashboard reads these
 * on its first render, and must not bring the schema library with them (decision 096).
 */

export const CAMPAIGN_STATUSES = [
  /** Made, reviewed, not started: nothing is handed to the platform until Start (issue 34). */
  'draft',
  'scheduled',
  'running',
  'paused',
  'completed',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_CONTACT_STATUSES = [
  'pending',
  'calling',
  'answered',
  'voicemail',
  'no_answer',
  'busy',
  'failed',
  'refused',
] as const;
export type CampaignContactStatus = (typeof CAMPAIGN_CONTACT_STATUSES)[number];

export const CAMPAIGN_CONTACT_STATUS_LABELS: Record<CampaignContactStatus, string> = {
  pending: 'Pending',
  calling: 'Calling',
  answered: 'Answered',
  voicemail: 'Voicemail',
  no_answer: 'No answer',
  busy: 'Busy',
  failed: 'Failed',
  refused: 'Not called',
};

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Dashboard card: the latest campaigns with their counts. */
export const CAMPAIGN_RECENT_LIMIT = 5;
