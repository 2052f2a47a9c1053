import { TestSuitesScreen } from '../../features/agent-tests/components/test-suites-screen';

export default function TestsRoute() {
  return <TestSuitesScreen />;
}
