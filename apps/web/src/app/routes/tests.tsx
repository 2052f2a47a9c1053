import { TestSuitesScreen } from '../../features/agent-tests/components/test-suites-screen';
import { useDisplayTimeZone } from '../../lib/session-context';

export default function TestsRoute() {
  return <TestSuitesScreen timeZone={useDisplayTimeZone()} />;
}
