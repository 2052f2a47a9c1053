import { PageHeader } from '../../components/page-header';
import { Contacts } from '../../features/contacts/components/contacts';

export default function ContactsRoute() {
  return (
    <>
      <PageHeader
        title="Contacts"
        description="People who called your agents, and the lists you import."
      />
      <Contacts />
    </>
  );
}
