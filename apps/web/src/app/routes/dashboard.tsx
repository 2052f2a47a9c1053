import { IconLayoutDashboard } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function DashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your business at a glance." />
      <ScreenPlaceholder icon={IconLayoutDashboard}>
        Dashboard statistics and your agents will appear here.
      </ScreenPlaceholder>
    </>
  );
}
