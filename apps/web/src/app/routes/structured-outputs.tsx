import { StructuredOutputsScreen } from '../../features/structured-outputs/components/structured-outputs-screen';

export default function StructuredOutputsRoute() {
  return <StructuredOutputsScreen />;
}
