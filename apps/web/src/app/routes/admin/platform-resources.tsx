import { PageHeader } from '../../../components/page-header';
import { PlatformResourcesTable } from '../../../features/admin/components/platform-resources-table';

export default function AdminPlatformResourcesRoute() {
  return (
    <>
      <PageHeader
        title="Platform resources"
        description="Phone numbers, tools and the other resources on the voice platform, and the business each belongs to. A business sees and changes only its own."
      />
      <PlatformResourcesTable />
    </>
  );
}
