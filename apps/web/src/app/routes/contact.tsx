import { useParams } from 'react-router';
import { ContactDetail } from '../../features/contacts/components/contact-detail';

export default function ContactRoute() {
  const { contactId = '' } = useParams();
  // A new contact id is a new screen: no state carried over from the last one.
  return <ContactDetail key={contactId} contactId={contactId} />;
}
