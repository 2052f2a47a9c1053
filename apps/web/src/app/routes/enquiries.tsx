import { IconMessages } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function EnquiriesRoute() {
  return (
    <>
      <PageHeader title="Enquiries" description="What callers asked your agents for." />
      <ScreenPlaceholder icon={IconMessages}>
        Enquiries your agents capture, with their status and read state, will appear here.
      </ScreenPlaceholder>
    </>
  );
}
