import { useCallback, useMemo } from 'react';
import { AccessDenied } from '../../components/access-denied';
import { PageHeader } from '../../components/page-header';
import { useAgentList } from '../../lib/api/list-agents';
import type { SearchContacts } from '../../features/appointments/api/search-contact-options';
import { Appointments } from '../../features/appointments/components/appointments';
import { useSessionUser } from '../../lib/session-context';
import { listContacts } from '../../features/contacts/api/list-contacts';

export default function AppointmentsRoute() {
  const user = useSessionUser();
  const agentList = useAgentList();
  const agents = useMemo(
    () => agentList.data?.map((agent) => ({ id: agent.id, name: agent.name })),
    [agentList.data],
  );
  // The form books for one of the business's contacts, found with the contacts search.
  const searchContacts = useCallback<SearchContacts>(
    async (search, signal) =>
      (await listContacts({ page: 1, limit: 20, search, test: 'include' }, signal)).data,
    [],
  );
  // Appointments belong to a business; an administrator has none (the API answers 403).
  if (!user.business) return <AccessDenied />;
  return (
    <>
      <title>Appointments · Switchboard</title>
      <PageHeader
        title="Appointments"
        description="Bookings your agents made on calls, and the ones you add by hand."
        timeZone={user.business.timezone}
      />
      <Appointments
        timeZone={user.business.timezone}
        agents={agents}
        searchContacts={searchContacts}
      />
    </>
  );
}
