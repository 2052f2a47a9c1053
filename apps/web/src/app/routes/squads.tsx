import { SquadsScreen } from '../../features/squads/components/squads-screen';
import { TalkToAgentPanel } from '../../features/web-call/components/talk-to-agent-panel';

export default function SquadsRoute() {
  return (
    <SquadsScreen
      talkPanel={(squad) => <TalkToAgentPanel squadId={squad.id} agentName={squad.name} />}
    />
  );
}
