import {
  agentToolMessages,
  DEFAULT_AGENT_SETTINGS,
  NO_EXTRA_TOOLS,
} from '@switchboard/shared/agents';
import { permissionMessages } from '@switchboard/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, errorResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildAgentHealth, stubAgentsApi } from '../../../test/fake-agents-api';

const SETTINGS_PATH = '/api/agents/asst_front_desk/settings';

async function openSettings() {
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByRole('button', { name: 'Settings for Front desk' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings: Front desk' }));
  return { ...app, dialog };
}

describe('agent settings', () => {
  it('loads the settings from the platform and saves changes with PATCH', async () => {
    const api = stubAgentsApi();
    const { user, dialog } = await openSettings();

    const name = await dialog.findByLabelText(/^name/i);
    expect(name).toHaveValue('Front desk');
    expect(dialog.getByLabelText(/^system prompt/i)).toHaveValue(
      DEFAULT_AGENT_SETTINGS.systemPrompt,
    );
    expect(api.calls(`GET ${SETTINGS_PATH}`)).toHaveLength(1);

    await user.clear(name);
    await user.type(name, 'Reception');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Agent saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PATCH /api/agents/asst_front_desk').map((request) => request.body)).toEqual([
      { ...DEFAULT_AGENT_SETTINGS, name: 'Reception' },
    ]);
    // The list is asked again and shows the new name.
    expect(await screen.findByRole('link', { name: 'Reception' })).toBeInTheDocument();
  });

  it('attaches built-in tools and the business’s own tools, with transfer numbers in E.164', async () => {
    const api = stubAgentsApi({ customTools: [{ id: 'tool-stock', name: 'Check stock' }] });
    const { user, dialog } = await openSettings();
    await dialog.findByLabelText(/^name/i);
    // Switchboard's two are always there.
    expect(dialog.getAllByText('Always attached')).toHaveLength(2);

    await user.click(dialog.getByRole('switch', { name: /^end call/i }));
    await user.click(dialog.getByRole('switch', { name: /^transfer call/i }));
    await user.type(dialog.getByLabelText('Number 1'), '0415 555 0123');
    await user.click(await dialog.findByRole('checkbox', { name: 'Check stock' }));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(agentToolMessages.transferNumber)).toBeInTheDocument();
    expect(api.calls('PATCH /api/agents/asst_front_desk')).toEqual([]);

    await user.clear(dialog.getByLabelText('Number 1'));
    await user.type(dialog.getByLabelText('Number 1'), '+14155550123');
    await user.type(dialog.getByLabelText('Who answers 1'), 'Front desk');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Agent saved')).toBeInTheDocument();
    expect(api.calls('PATCH /api/agents/asst_front_desk').map((request) => request.body)).toEqual([
      {
        ...DEFAULT_AGENT_SETTINGS,
        name: 'Front desk',
        tools: {
          ...NO_EXTRA_TOOLS,
          endCall: true,
          transferCall: true,
          transferDestinations: [{ number: '+14155550123', description: 'Front desk' }],
          customToolIds: ['tool-stock'],
        },
      },
    ]);
  });

  it('says the agent is connected to Switchboard', async () => {
    stubAgentsApi();
    const { dialog } = await openSettings();
    expect(await dialog.findByText('Connected to Switchboard')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Repair' })).not.toBeInTheDocument();
  });

  const brokenHealth = () =>
    buildAgentHealth({
      ok: false,
      serverUrl: 'https://elsewhere.example/hook',
      serverPointsAtUs: false,
      lastWebhookAt: null,
      problems: [
        'The agent sends its calls to https://elsewhere.example/hook, not to Switchboard.',
      ],
    });

  it('shows a member the warning but leaves the repair to an owner, and the deletion too', async () => {
    const api = stubAgentsApi({
      session: buildSessionUser({ role: 'member' }),
      health: brokenHealth(),
    });
    const { user, dialog } = await openSettings();
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Calls from this agent do not reach Switchboard',
    );
    expect(
      dialog.getByText('Ask an owner of the business to repair this agent.'),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Repair' })).not.toBeInTheDocument();
    expect(api.calls('POST /api/agents/asst_front_desk/repair')).toHaveLength(0);
    // Deleting the agent on the platform is for owners and managers: greyed, saying why.
    const remove = dialog.getByRole('button', { name: 'Delete agent' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(permissionMessages.onlyManagers('delete agents'));
    await user.click(remove);
    expect(dialog.queryByText('Delete Front desk?')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/agents/asst_front_desk')).toEqual([]);
  });

  it('lets a manager delete the agent but leaves the repair to an owner', async () => {
    stubAgentsApi({ session: buildSessionUser({ role: 'manager' }), health: brokenHealth() });
    const { user, dialog } = await openSettings();
    expect(
      await dialog.findByText('Ask an owner of the business to repair this agent.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete agent' }));
    expect(dialog.getByText('Delete Front desk?')).toBeInTheDocument();
  });

  it('warns when the agent’s server does not point at Switchboard, and Repair fixes it', async () => {
    const api = stubAgentsApi({
      session: buildSessionUser({ role: 'owner' }),
      health: brokenHealth(),
    });
    const { user, dialog } = await openSettings();
    const warning = await dialog.findByRole('alert');
    expect(warning).toHaveTextContent('Calls from this agent do not reach Switchboard');
    // The owner is told what it means, not where the platform sends what.
    expect(warning).toHaveTextContent('Calls reach Switchboard: no');
    expect(warning).not.toHaveTextContent('elsewhere.example');
    expect(warning).toHaveTextContent('No call has reached Switchboard from this agent yet.');

    await user.click(dialog.getByRole('button', { name: 'Repair' }));
    expect(await screen.findByText('Agent repaired')).toBeInTheDocument();
    expect(await dialog.findByText('Connected to Switchboard')).toBeInTheDocument();
    expect(api.calls('POST /api/agents/asst_front_desk/repair')).toHaveLength(1);
  });

  it('asks for confirmation, naming the agent, before deleting it', async () => {
    const api = stubAgentsApi();
    const { user, dialog } = await openSettings();

    await user.clear(await dialog.findByLabelText(/^name/i));
    await user.type(dialog.getByLabelText(/^name/i), 'Unsaved edit');
    await user.click(dialog.getByRole('button', { name: 'Delete agent' }));

    expect(dialog.getByText('Delete Front desk?')).toBeInTheDocument();
    expect(dialog.getByText('Its call history is kept.')).toBeInTheDocument();
    expect(api.calls('DELETE /api/agents/asst_front_desk')).toEqual([]);

    // Changing one's mind goes back to the form as it was.
    await user.click(dialog.getByRole('button', { name: 'Keep agent' }));
    expect(dialog.getByLabelText(/^name/i)).toHaveValue('Unsaved edit');
    expect(api.calls('DELETE /api/agents/asst_front_desk')).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Delete agent' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, delete agent' }));

    expect(await screen.findByText('Agent deleted')).toBeInTheDocument();
    expect(
      screen.getByText('Front desk was deleted. Its call history is kept.'),
    ).toBeInTheDocument();
    expect(api.calls('DELETE /api/agents/asst_front_desk')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No agents yet')).toBeInTheDocument();
  });

  it('shows the server’s message when the settings cannot be fetched', async () => {
    stubAgentsApi({
      handlers: {
        [`GET ${SETTINGS_PATH}`]: () =>
          errorResponse(502, 'PLATFORM_ERROR', 'Failed to fetch agent: platform timed out'),
      },
    });
    const { dialog } = await openSettings();

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the agent settings');
    expect(
      within(alert).getByText('Failed to fetch agent: platform timed out'),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when saving fails, and keeps the dialog open', async () => {
    stubAgentsApi({
      handlers: {
        'PATCH /api/agents/asst_front_desk': () =>
          errorResponse(502, 'PLATFORM_ERROR', 'Failed to update agent: voice not available'),
      },
    });
    const { user, dialog } = await openSettings();

    await user.click(await dialog.findByRole('button', { name: 'Save changes' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not save the agent');
    expect(alert).toHaveTextContent('Failed to update agent: voice not available');
    expect(screen.queryByText('Action failed')).not.toBeInTheDocument();
  });

  it('shows the server’s message when deleting fails', async () => {
    const api = stubAgentsApi({
      handlers: {
        'DELETE /api/agents/asst_front_desk': () =>
          errorResponse(502, 'PLATFORM_ERROR', 'Failed to delete agent: platform refused'),
      },
    });
    const { user, dialog } = await openSettings();

    await user.click(await dialog.findByRole('button', { name: 'Delete agent' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, delete agent' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not delete the agent');
    expect(alert).toHaveTextContent('Failed to delete agent: platform refused');
    expect(api.calls('DELETE /api/agents/asst_front_desk')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Front desk' })).toBeInTheDocument();
  });
});
