import { render, screen } from '@testing-library/react';
import type { SessionUser } from '@switchboard/shared/auth';
import { describe, expect, it } from 'vitest';
import { SessionUserContext } from '../lib/session-context';
import { buildAgentHealth } from '../test/fake-agents-api';
import { TestProviders } from '../test/render';
import { AgentHealthPanel } from './agent-health-panel';

const broken = buildAgentHealth({
  ok: false,
  serverUrl: 'https://elsewhere.example/hook',
  serverPointsAtUs: false,
  problems: ['The agent sends its calls to https://elsewhere.example/hook, not to Switchboard.'],
});

const person = (role: SessionUser['role']): SessionUser => ({
  id: `user-${role}`,
  userName: `${role}@example.com`,
  name: role,
  email: `${role}@example.com`,
  role,
  business:
    role === 'admin' ? null : { id: 'b1', name: 'Bright Smile', timezone: 'UTC', country: 'US' },
});

function renderAs(user: SessionUser) {
  render(
    <TestProviders>
      <SessionUserContext.Provider value={user}>
        <AgentHealthPanel health={broken} timeZone="UTC" onRepair={() => {}} />
      </SessionUserContext.Provider>
    </TestProviders>,
  );
}

describe('agent health panel', () => {
  it('tells the operator what is wrong in the platform’s terms', () => {
    renderAs(person('admin'));
    expect(
      screen.getByText(
        'Server points at Switchboard: no, it points at https://elsewhere.example/hook',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/sends its calls to https:\/\/elsewhere\.example/)).toBeInTheDocument();
    expect(screen.getByText(/with its secret/)).toBeInTheDocument();
  });

  it.each(['owner', 'manager', 'member'] as const)(
    'tells the %s what it means for the business, without plumbing',
    (role) => {
      renderAs(person(role));
      expect(screen.getByText('Calls reach Switchboard: no')).toBeInTheDocument();
      expect(screen.getByText('Books appointments: yes')).toBeInTheDocument();
      expect(screen.getByText(/changes nothing else about it/)).toBeInTheDocument();
      expect(screen.queryByText(/elsewhere\.example|secret|Server|book_appointment/)).toBeNull();
    },
  );
});
