import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent } from '../../../features/analytics/test-factories';
import {
  buildCallLogPage,
  CALLS,
  stubCallLogsApi,
} from '../../../features/call-logs/testing/fake-call-logs-api';
import {
  buildSessionUser,
  errorResponse,
  jsonResponse,
  type ApiRequest,
} from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { expectCurrentLink } from '../../../test/links';

const AGENT = 'GET /api/agents/asst_front_desk';

/** The call-log endpoints plus the session and the agent, as the whole screen needs them. */
type Handler = (request: ApiRequest) => Response | Promise<Response>;

function stubScreenApi(handlers: Record<string, Handler> = {}) {
  return stubCallLogsApi({
    page: buildCallLogPage(),
    handlers: {
      'GET /api/auth/me': () => jsonResponse({ user: buildSessionUser() }),
      [AGENT]: () => jsonResponse(buildAgent()),
      ...handlers,
    },
  });
}

describe('/agent/:agentId/call-logs', () => {
  it("is headed by the agent's name, with its number, zone and sections", async () => {
    const api = stubScreenApi();
    renderApp('/agent/asst_front_desk/call-logs?tab=failed');

    expect(
      await screen.findByRole('heading', { name: 'Front desk', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Call logs · +353 1 555 0100')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Agent sections' });
    expectCurrentLink(sections, 'Call logs');
    expect(await screen.findByRole('link', { name: 'Call 3f2a9c1e…' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true');
    // Asked for once, alongside the agent.
    expect(api.calls(CALLS)).toHaveLength(1);
    expect(api.calls(CALLS)[0]?.search.get('tab')).toBe('failed');
  });

  it('says the agent was not found, and shows no call log, when the server answers 404', async () => {
    stubScreenApi({
      [AGENT]: () => errorResponse(404, 'NOT_FOUND', 'Agent not found'),
      [CALLS]: () => errorResponse(404, 'NOT_FOUND', 'Agent not found'),
    });
    renderApp('/agent/asst_front_desk/call-logs');

    expect(await screen.findByText('Agent not found')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    // No call-log error on the way (the call log answers 404 too, and may answer first).
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the agent could not be loaded otherwise', async () => {
    stubScreenApi({
      [AGENT]: () => errorResponse(500, 'INTERNAL_ERROR', 'The database is not answering.'),
    });
    renderApp('/agent/asst_front_desk/call-logs');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch agent: The database is not answering.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens the call in the URL over the list', async () => {
    stubScreenApi();
    renderApp('/agent/asst_front_desk/call-logs?call=3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b');

    const dialog = await screen.findByRole('dialog', { name: 'Call 3f2a9c1e…' });
    expect(
      await within(dialog).findByText('The caller booked a cleaning for Thursday at 10:00.'),
    ).toBeInTheDocument();
  });
});
