import { useParams } from 'react-router';
import { TestRunScreen } from '../../features/agent-tests/components/test-run-screen';

export default function TestRunRoute() {
  const { runId = '' } = useParams();
  return <TestRunScreen key={runId} runId={runId} />;
}
