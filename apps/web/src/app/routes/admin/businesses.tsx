import { Button } from '@mantine/core';
import type { AdminBusiness } from '@switchboard/shared/admin';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { OPERATOR_TIME_ZONE } from '../../../lib/time-zones';
import { BusinessesTable } from '../../../features/admin/components/businesses-table';
import { OperatorAlertsModal } from '../../../features/alerts/components/operator-alerts-modal';
import { useConsolePaging } from '../../../lib/console-paging';

export default function AdminBusinessesRoute() {
  const paging = useConsolePaging();
  const [alertsOf, setAlertsOf] = useState<AdminBusiness | null>(null);
  return (
    <>
      <PageHeader
        title="Businesses"
        description="Every business with an account on this Switchboard."
        timeZone={OPERATOR_TIME_ZONE}
      />
      <BusinessesTable
        {...paging}
        extraColumn={{
          header: 'Alerts',
          cell: (business) => (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconBell size={14} />}
              onClick={() => setAlertsOf(business)}
              aria-label={`Your alerts on ${business.name}`}
            >
              Alerts
            </Button>
          ),
        }}
      />
      <OperatorAlertsModal business={alertsOf} onClose={() => setAlertsOf(null)} />
    </>
  );
}
