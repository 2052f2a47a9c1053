import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { stubAgentScreenApi } from './agent-route-testing';
import { AgentScreen } from './agent-screen';

type Commit = { title: string | undefined; placeholder: boolean; section: boolean };

/** The agent screen at /agent/asst_front_desk, noting what each of its commits left on screen. */
function renderAgentScreen() {
  const commits: Commit[] = [];
  const note = () => {
    const text = document.body.textContent;
    commits.push({
      title: document.querySelector('h2')?.textContent ?? undefined,
      placeholder: text.includes('Waiting for the agent'),
      section: text.includes('The section'),
    });
  };
  renderApp('/agent/asst_front_desk', [
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
  ]);
  return commits;
}

describe('AgentScreen', () => {
  it("draws the agent's name as soon as it arrives, and the section in a later render", async () => {
    stubAgentScreenApi({});
    const commits = renderAgentScreen();

    expect(await screen.findByText('The section')).toBeInTheDocument();
    expect(commits[0]).toEqual({ title: 'Call logs', placeholder: true, section: false });
    // The name shows over the placeholder first; the section replaces it in a commit of its own.
    const named = commits.findIndex((commit) => commit.title === 'Front desk');
    expect(commits[named]).toEqual({ title: 'Front desk', placeholder: true, section: false });
    expect(commits.at(-1)).toEqual({ title: 'Front desk', placeholder: false, section: true });
  });
});
