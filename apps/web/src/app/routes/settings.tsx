import { Stack, Tabs } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBuildingStore,
  IconPlugConnected,
  IconUser,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useAgentList } from '../../lib/api/list-agents';
import { AgentsHealthList } from '../../features/agents/components/agents-health-list';
import { AlertsSection } from '../../features/alerts/components/alerts-section';
import { DigestSection } from '../../features/alerts/components/digest-section';
import { useSessionUser } from '../../lib/session-context';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { PlatformStatusPanel } from '../../features/platform/components/platform-status-panel';
import { IntegrationsSection } from '../../features/integrations/components/integrations-section';
import { BusinessSection } from '../../features/settings/components/business-section';
import { ProfileSection } from '../../features/settings/components/profile-section';
import { TeamSection } from '../../features/settings/components/team-section';

const SECTIONS = [
  'profile',
  'notifications',
  'business',
  'team',
  'platform',
  'alerts',
  'integrations',
] as const;
type Section = (typeof SECTIONS)[number];
/** The sections every user has, the operator included; the others are a business's. */
const OWN_SECTIONS: readonly Section[] = ['profile', 'notifications'];
/**
 * The sections that show times (the digest's hour, the platform's last sync and each agent's
 * checks, alerts firing and their history, a feed's last read and webhook deliveries): the
 * header names the business's zone once for them.
 */
const TIMED_SECTIONS: readonly Section[] = ['notifications', 'platform', 'alerts', 'integrations'];

/**
 * `/settings`: the user's profile and password and what they are told (notifications); for a
 * business's users also the business, its team and the platform. The operator has the profile
 * and notifications only.
 */
export default function SettingsRoute() {
  const user = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const business = user.business;
  const asked = searchParams.get('section');
  // Integrations are the owners' (decision 061): a feed address and a delivery log carry
  // customers' details, and a webhook sends them to another company.
  const isOwner = user.role === 'owner';
  const known =
    SECTIONS.includes(asked as Section) && (asked !== 'integrations' || isOwner)
      ? (asked as Section)
      : 'profile';
  const section: Section = business || OWN_SECTIONS.includes(known) ? known : 'profile';
  const open = (next: string | null) =>
    setSearchParams(next && next !== 'profile' ? { section: next } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title="Settings"
        description={
          business
            ? `Your profile, ${business.name} and its team.`
            : 'Your operator profile and password.'
        }
        timeZone={business && TIMED_SECTIONS.includes(section) ? business.timezone : undefined}
      />
      <Tabs value={section} onChange={open} keepMounted={false} maw={960}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
            Notifications
          </Tabs.Tab>
          {business && (
            <>
              <Tabs.Tab value="business" leftSection={<IconBuildingStore size={16} />}>
                Business
              </Tabs.Tab>
              <Tabs.Tab value="team" leftSection={<IconUsers size={16} />}>
                Team
              </Tabs.Tab>
              <Tabs.Tab value="platform" leftSection={<IconPlugConnected size={16} />}>
                Platform
              </Tabs.Tab>
              <Tabs.Tab value="alerts" leftSection={<IconAlertTriangle size={16} />}>
                Alerts
              </Tabs.Tab>
              {isOwner && (
                <Tabs.Tab value="integrations" leftSection={<IconWebhook size={16} />}>
                  Integrations
                </Tabs.Tab>
              )}
            </>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileSection key={`${user.id}:${user.email}`} user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <Stack gap="lg">
            <NotificationSettings />
            {business && <DigestSection email={user.email} />}
          </Stack>
        </Tabs.Panel>
        {business && (
          <>
            <Tabs.Panel value="business">
              <BusinessSection canEdit={user.role === 'owner'} />
            </Tabs.Panel>
            <Tabs.Panel value="team">
              <TeamSection user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="platform">
              <PlatformPanel timeZone={business.timezone} canRepair={user.role === 'owner'} />
            </Tabs.Panel>
            <Tabs.Panel value="alerts">
              <AlertsSection canEdit={user.role === 'owner'} timeZone={business.timezone} />
            </Tabs.Panel>
            {isOwner && (
              <Tabs.Panel value="integrations">
                <IntegrationsSection timeZone={business.timezone} />
              </Tabs.Panel>
            )}
          </>
        )}
      </Tabs>
    </>
  );
}

/** The platform's status, then each agent's health; owners may repair an agent, members read. */
function PlatformPanel({ timeZone, canRepair }: { timeZone: string; canRepair: boolean }) {
  const agents = useAgentList();
  return (
    <Stack gap="lg">
      <PlatformStatusPanel agentCount={agents.data?.length} timeZone={timeZone} />
      <AgentsHealthList timeZone={timeZone} canRepair={canRepair} />
    </Stack>
  );
}
