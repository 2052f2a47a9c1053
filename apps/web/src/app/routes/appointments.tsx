import { IconCalendarEvent } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function AppointmentsRoute() {
  return (
    <>
      <PageHeader title="Appointments" description="Bookings your agents made on calls." />
      <ScreenPlaceholder icon={IconCalendarEvent}>
        Appointments your agents book will appear here.
      </ScreenPlaceholder>
    </>
  );
}
