import { PageHeader } from '../../../components/page-header';
import { ServiceEnquiriesTable } from '../../../features/admin/components/service-enquiries-table';
import { useSessionUser } from '../../../features/auth/components/session-context';
import { browserTimeZone } from '../../../lib/time-zones';
import { usePaginationParams } from '../../../lib/use-pagination-params';

export default function AdminServiceEnquiriesRoute() {
  const user = useSessionUser();
  const { page, limit, setPagination } = usePaginationParams();
  return (
    <>
      <title>Service enquiries · Switchboard</title>
      <PageHeader
        title="Service enquiries"
        description="Prospects who asked about Switchboard on the landing page."
      />
      <ServiceEnquiriesTable
        page={page}
        limit={limit}
        onPageChange={setPagination}
        timeZone={user.business?.timezone ?? browserTimeZone()}
      />
    </>
  );
}
