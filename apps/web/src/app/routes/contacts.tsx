import { PageHeader } from '../../components/page-header';
import { useDisplayTimeZone } from '../../lib/session-context';
import { Contacts } from '../../features/contacts/components/contacts';

export default function ContactsRoute() {
  const timeZone = useDisplayTimeZone();
  return (
    <>
      <PageHeader
        title="Contacts"
        description="People who called your agents, and the lists you import."
        timeZone={timeZone}
      />
      <Contacts timeZone={timeZone} />
    </>
  );
}
