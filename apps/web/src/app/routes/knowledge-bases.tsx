import { KnowledgeBasesScreen } from '../../features/knowledge-bases/components/knowledge-bases-screen';

export default function KnowledgeBasesRoute() {
  return <KnowledgeBasesScreen />;
}
