import { PageHeader } from '../../../components/page-header';
import { OPERATOR_TIME_ZONE } from '../../../lib/time-zones';
import { ServiceEnquiriesTable } from '../../../features/admin/components/service-enquiries-table';
import { useDisplayTimeZone } from '../../../lib/session-context';
import { usePaginationParams } from '../../../lib/use-pagination-params';

export default function AdminServiceEnquiriesRoute() {
  const timeZone = useDisplayTimeZone();
  const { page, limit, setPagination } = usePaginationParams();
  return (
    <>
      <title>Service enquiries · Switchboard</title>
      <PageHeader
        title="Service enquiries"
        description="Prospects who asked about Switchboard on the landing page."
        timeZone={OPERATOR_TIME_ZONE}
      />
      <ServiceEnquiriesTable
        page={page}
        limit={limit}
        onPageChange={setPagination}
        timeZone={timeZone}
      />
    </>
  );
}
