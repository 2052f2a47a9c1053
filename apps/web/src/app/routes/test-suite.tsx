import { useParams } from 'react-router';
import { TestSuiteScreen } from '../../features/agent-tests/components/test-suite-screen';

export default function TestSuiteRoute() {
  const { suiteId = '' } = useParams();
  return <TestSuiteScreen key={suiteId} suiteId={suiteId} />;
}
