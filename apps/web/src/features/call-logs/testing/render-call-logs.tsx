import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '@switchboard/shared/auth';
import { SessionUserContext } from '../../../lib/session-context';
import { TestProviders } from '../../../test/render';
import { CallLogs } from '../components/call-logs';
import { AGENT_ID } from './fake-call-logs-api';
import { setupUser } from '../../../test/user';

/**
 * The call log alone at `/agent/asst_front_desk/call-logs<search>`, in a router (its state is the
 * URL). Other paths render their own path, so a link followed can be asserted on. With
 * `sessionUser`, signed in as that user (what is remembered per user).
 */
export function renderCallLogs(search = '', { sessionUser }: { sessionUser?: SessionUser } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/agent/:agentId/call-logs', element: <CallLogs agentId={AGENT_ID} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/agent/${AGENT_ID}/call-logs${search}`] },
  );
  const user = setupUser();
  const result = render(
    <TestProviders>
      <SessionUserContext.Provider value={sessionUser ?? null}>
        <RouterProvider router={router} />
      </SessionUserContext.Provider>
    </TestProviders>,
  );
  /** The query string now, as an object. */
  const currentSearch = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { ...result, router, user, search: currentSearch };
}
