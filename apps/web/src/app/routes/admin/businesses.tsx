import { PageHeader } from '../../../components/page-header';
import { BusinessesTable } from '../../../features/admin/components/businesses-table';
import {
  displayTimeZoneOf,
  useSessionUser,
} from '../../../features/auth/components/session-context';
import { usePaginationParams } from '../../../lib/use-pagination-params';

export default function AdminBusinessesRoute() {
  const user = useSessionUser();
  const { page, limit, setPagination } = usePaginationParams();
  return (
    <>
      <PageHeader
        title="Businesses"
        description="Every business with an account on this Switchboard. Times are in UTC."
      />
      <BusinessesTable
        page={page}
        limit={limit}
        onPageChange={setPagination}
        timeZone={displayTimeZoneOf(user)}
      />
    </>
  );
}
