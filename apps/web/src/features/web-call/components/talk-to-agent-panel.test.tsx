import { fireEvent, render, screen } from '@testing-library/react';
import type { SessionUser } from '@switchboard/shared/auth';
import { describe, expect, it } from 'vitest';
import { SessionUserContext } from '../../../lib/session-context';
import { jsonResponse, stubApi } from '../../../test/fake-api';
import { TestProviders } from '../../../test/render';
import { TalkToAgentPanel } from './talk-to-agent-panel';

function renderPanel(user: SessionUser | null = null) {
  return render(
    <TestProviders>
      <SessionUserContext.Provider value={user}>
        <TalkToAgentPanel agentId="asst_front_desk" agentName="Front desk" />
      </SessionUserContext.Provider>
    </TestProviders>,
  );
}

describe('Talk to agent panel', () => {
  it('offers a call when web calls are enabled, and refuses malformed variable values', async () => {
    stubApi({
      'GET /api/web-call/config': () =>
        jsonResponse({ mode: 'sandbox', enabled: true, apiBaseUrl: '/api/web-call' }),
    });
    renderPanel();
    const start = await screen.findByRole('button', { name: 'Start call' });
    await expect.poll(() => start.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(/sandbox: a simulated assistant/)).toBeInTheDocument();
    expect(screen.getByText('Not started')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Variable values/), { target: { value: 'not a pair' } });
    expect(
      await screen.findByText('Line 1: write name=value, the name in letters, digits and _.'),
    ).toBeInTheDocument();
    expect(start).toBeDisabled();
  });

  it('says web calls are not set up when a live platform has no public key', async () => {
    stubApi({
      'GET /api/web-call/config': () =>
        jsonResponse({ mode: 'live', enabled: false, apiBaseUrl: '/api/web-call' }),
    });
    renderPanel();
    expect(await screen.findByText('Web calls are not set up')).toBeInTheDocument();
    // An owner is not told the server's setting by name: that is the operator's business.
    expect(
      screen.getByText(
        'Calls from the browser need a setting your Switchboard administrator has not made yet.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/VAPI_PUBLIC_KEY/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start call' })).toBeDisabled();
  });

  it('names the missing setting to the operator', async () => {
    stubApi({
      'GET /api/web-call/config': () =>
        jsonResponse({ mode: 'live', enabled: false, apiBaseUrl: '/api/web-call' }),
    });
    renderPanel({ id: 'u1', userName: 'admin', role: 'admin', business: null } as SessionUser);
    expect(
      await screen.findByText(
        'The platform’s public key (VAPI_PUBLIC_KEY) is not configured on the server.',
      ),
    ).toBeInTheDocument();
  });
});
