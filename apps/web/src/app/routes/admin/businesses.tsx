import { PageHeader } from '../../../components/page-header';
import { BusinessesTable } from '../../../features/admin/components/businesses-table';
import { useDisplayTimeZone } from '../../../lib/session-context';
import { usePaginationParams } from '../../../lib/use-pagination-params';

export default function AdminBusinessesRoute() {
  const timeZone = useDisplayTimeZone();
  const { page, limit, setPagination } = usePaginationParams();
  return (
    <>
      <PageHeader
        title="Businesses"
        description="Every business with an account on this Switchboard. Times are in UTC."
      />
      <BusinessesTable page={page} limit={limit} onPageChange={setPagination} timeZone={timeZone} />
    </>
  );
}
