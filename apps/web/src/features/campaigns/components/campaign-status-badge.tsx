import { Badge } from '@mantine/core';
import {
  CAMPAIGN_CONTACT_STATUS_LABELS,
  CAMPAIGN_STATUS_LABELS,
  type CampaignContactStatus,
  type CampaignStatus,
} from '@switchboard/shared/campaign-statuses';

const CAMPAIGN_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  running: 'teal',
  paused: 'yellow',
  completed: 'gray',
  cancelled: 'red',
};

export const CONTACT_STATUS_COLORS: Record<CampaignContactStatus, string> = {
  pending: 'gray',
  calling: 'blue',
  answered: 'teal',
  voicemail: 'grape',
  no_answer: 'yellow',
  busy: 'orange',
  failed: 'red',
  refused: 'orange',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant="light" color={CAMPAIGN_COLORS[status]}>
      {CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ContactStatusBadge({ status }: { status: CampaignContactStatus }) {
  return (
    <Badge variant="light" color={CONTACT_STATUS_COLORS[status]}>
      {CAMPAIGN_CONTACT_STATUS_LABELS[status]}
    </Badge>
  );
}
