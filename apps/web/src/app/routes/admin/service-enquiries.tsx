import { PageHeader } from '../../../components/page-header';
import { OPERATOR_TIME_ZONE } from '../../../lib/time-zones';
import { ServiceEnquiriesTable } from '../../../features/admin/components/service-enquiries-table';
import { useConsolePaging } from '../../../lib/console-paging';

export default function AdminServiceEnquiriesRoute() {
  const paging = useConsolePaging();
  return (
    <>
      <title>Service enquiries · Switchboard</title>
      <PageHeader
        title="Service enquiries"
        description="Prospects who asked about Switchboard on the landing page."
        timeZone={OPERATOR_TIME_ZONE}
      />
      <ServiceEnquiriesTable {...paging} />
    </>
  );
}
