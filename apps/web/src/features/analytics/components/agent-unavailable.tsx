import { fetchFailedMessage } from '@switchboard/shared/fetch-errors';
import { IconRobotOff } from '@tabler/icons-react';
import { EmptyPanel } from '../../../components/empty-panel';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';

type AgentUnavailableProps = {
  /** Why GET /api/agents/:id failed. */
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
};

/** An agent screen whose agent could not be loaded: gone (or not the user's), or a failure. */
export function AgentUnavailable({ error, onRetry, retrying = false }: AgentUnavailableProps) {
  // The server answers 404 for another business's agent too, so both read the same.
  if (isApiError(error) && error.status === 404) {
    return (
      <EmptyPanel
        icon={IconRobotOff}
        title="Agent not found"
        description="This agent does not exist or is not one of your business's agents. Pick an agent from the dashboard."
      />
    );
  }
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <QueryError
      title="Could not load the agent"
      // The seed's wording; a 403 keeps its own "no access" panel.
      error={
        isApiError(error) && error.status === 403
          ? error
          : new Error(fetchFailedMessage('agent', message))
      }
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
