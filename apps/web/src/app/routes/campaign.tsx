import { useParams } from 'react-router';
import { CampaignDetailScreen } from '../../features/campaigns/components/campaign-detail-screen';

export default function CampaignRoute() {
  const { campaignId = '' } = useParams();
  return <CampaignDetailScreen key={campaignId} campaignId={campaignId} />;
}
