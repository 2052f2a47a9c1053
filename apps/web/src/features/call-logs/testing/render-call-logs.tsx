import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TestProviders } from '../../../test/render';
import { CallLogs } from '../components/call-logs';
import { AGENT_ID } from './fake-call-logs-api';
import { setupUser } from '../../../test/user';

/**
 * The call log alone at `/agent/asst_front_desk/call-logs<search>`, in a router (its state is the
 * URL). Other paths render their own path, so a link followed can be asserted on.
 */
export function renderCallLogs(search = '') {
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
      <RouterProvider router={router} />
    </TestProviders>,
  );
  /** The query string now, as an object. */
  const currentSearch = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { ...result, router, user, search: currentSearch };
}
