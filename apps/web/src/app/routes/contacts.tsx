import { PageHeader } from '../../components/page-header';
import { displayTimeZoneOf, useSessionUser } from '../../features/auth/components/session-context';
import { Contacts } from '../../features/contacts/components/contacts';

export default function ContactsRoute() {
  const user = useSessionUser();
  return (
    <>
      <PageHeader
        title="Contacts"
        description="People who called your agents, and the lists you import."
      />
      <Contacts timeZone={displayTimeZoneOf(user)} />
    </>
  );
}
