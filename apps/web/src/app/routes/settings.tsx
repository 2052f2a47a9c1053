import { Stack, Tabs } from '@mantine/core';
import {
  IconBell,
  IconBuildingStore,
  IconPlugConnected,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useAgentList } from '../../lib/api/list-agents';
import { AgentsHealthList } from '../../features/agents/components/agents-health-list';
import { AlertsSection } from '../../features/alerts/components/alerts-section';
import { DigestSection } from '../../features/alerts/components/digest-section';
import { useSessionUser } from '../../lib/session-context';
import { PlatformStatusPanel } from '../../features/platform/components/platform-status-panel';
import { BusinessSection } from '../../features/settings/components/business-section';
import { ProfileSection } from '../../features/settings/components/profile-section';
import { TeamSection } from '../../features/settings/components/team-section';

const SECTIONS = ['profile', 'business', 'team', 'platform', 'alerts'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * `/settings`: the user's profile and password; for a business's users also the business, its
 * team and the platform. The operator has the profile only (own password).
 */
export default function SettingsRoute() {
  const user = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const business = user.business;
  const asked = searchParams.get('section');
  const section: Section =
    business && SECTIONS.includes(asked as Section) ? (asked as Section) : 'profile';
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
      />
      <Tabs value={section} onChange={open} keepMounted={false} maw={960}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            Profile
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
              <Tabs.Tab value="alerts" leftSection={<IconBell size={16} />}>
                Alerts
              </Tabs.Tab>
            </>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <Stack gap="lg">
            <ProfileSection key={`${user.id}:${user.email}`} user={user} />
            {business && <DigestSection timeZone={business.timezone} email={user.email} />}
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
