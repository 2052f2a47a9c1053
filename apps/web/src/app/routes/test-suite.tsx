import { useParams } from 'react-router';
import { TestSuiteScreen } from '../../features/agent-tests/components/test-suite-screen';
import { useDisplayTimeZone } from '../../lib/session-context';

export default function TestSuiteRoute() {
  const { suiteId = '' } = useParams();
  const timeZone = useDisplayTimeZone();
  return <TestSuiteScreen key={suiteId} suiteId={suiteId} timeZone={timeZone} />;
}
