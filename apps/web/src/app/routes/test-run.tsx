import { useParams } from 'react-router';
import { TestRunScreen } from '../../features/agent-tests/components/test-run-screen';
import { useDisplayTimeZone } from '../../lib/session-context';

export default function TestRunRoute() {
  const { runId = '' } = useParams();
  const timeZone = useDisplayTimeZone();
  return <TestRunScreen key={runId} runId={runId} timeZone={timeZone} />;
}
