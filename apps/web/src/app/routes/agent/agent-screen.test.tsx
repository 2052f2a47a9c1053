import { screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { agentQueryOptions } from '../../../features/agents/api/get-agent';
import { renderApp } from '../../../test/render';
import { stubAgentScreenApi } from './agent-route-testing';
import { AgentScreen } from './agent-screen';

type Commit = {
  /** The agent's answer was in the query cache. */
  answered: boolean;
  title: string | undefined;
  placeholder: boolean;
  section: boolean;
};

/** The agent screen at /agent/asst_front_desk, noting what each of its commits left on screen. */
function renderAgentScreen() {
  const commits: Commit[] = [];
  // Known once renderApp returns; the first commits happen inside it.
  const app: { queryClient?: QueryClient } = {};
  const note = () => {
    const text = document.body.textContent;
    commits.push({
      answered:
        app.queryClient?.getQueryData(agentQueryOptions('asst_front_desk').queryKey) !== undefined,
      title: document.querySelector('h2')?.textContent ?? undefined,
      placeholder: text.includes('Waiting for the agent'),
      section: text.includes('The section'),
    });
  };
  app.queryClient = renderApp('/agent/asst_front_desk', [
    {
      path: '/agent/:agentId',
      element: (
        <Profiler id="agent-screen" onRender={note}>
          <AgentScreen
            agentId="asst_front_desk"
            sectionTitle="Call logs"
            placeholder={<p>Waiting for the agent</p>}
          >
            <p>The section</p>
          </AgentScreen>
        </Profiler>
      ),
    },
  ]).queryClient;
  return commits;
}

describe('AgentScreen', () => {
  it("draws the agent's header and the section together, in a render after the agent's answer", async () => {
    stubAgentScreenApi({});
    const commits = renderAgentScreen();

    expect(await screen.findByText('The section')).toBeInTheDocument();
    // The answer's notification left the placeholder under the section's title...
    expect(commits).toContainEqual({
      answered: true,
      title: 'Call logs',
      placeholder: true,
      section: false,
    });
    // ...and the agent's name never showed over the placeholder (the header would grow over it).
    expect(commits.filter((commit) => commit.title === 'Front desk' && commit.placeholder)).toEqual(
      [],
    );
    expect(commits.at(-1)).toEqual({
      answered: true,
      title: 'Front desk',
      placeholder: false,
      section: true,
    });
  });
});
