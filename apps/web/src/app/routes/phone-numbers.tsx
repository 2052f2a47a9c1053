import { PhoneNumbersScreen } from '../../features/phone-numbers/components/phone-numbers-screen';

export default function PhoneNumbersRoute() {
  return <PhoneNumbersScreen />;
}
