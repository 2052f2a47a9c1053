import { ToolsScreen } from '../../features/tools/components/tools-screen';

export default function ToolsRoute() {
  return <ToolsScreen />;
}
