import { IconAddressBook } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ContactsRoute() {
  return (
    <>
      <PageHeader
        title="Contacts"
        description="People who called your agents, and the lists you import."
      />
      <ScreenPlaceholder icon={IconAddressBook}>
        Your contacts and contact imports will appear here.
      </ScreenPlaceholder>
    </>
  );
}
