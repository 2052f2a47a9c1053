import { TestSuitesScreen } from '../../features/agent-tests/components/test-suites-screen';
import { useDisplayTimeZone } from '../../features/auth/components/session-context';

export default function TestsRoute() {
  return <TestSuitesScreen timeZone={useDisplayTimeZone()} />;
}
