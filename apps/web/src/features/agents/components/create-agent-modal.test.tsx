import { AGENT_TEMPLATES } from '@switchboard/shared/agent-templates';
import { agentMessages, DEFAULT_AGENT_SETTINGS } from '@switchboard/shared/agents';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildAgent, NEW_AGENT_ID, stubAgentsApi } from '../../../test/fake-agents-api';

async function openCreateDialog() {
  const app = renderApp('/dashboard');
  await screen.findByRole('link', { name: 'Front desk' });
  await app.user.click(screen.getByRole('button', { name: 'Create agent' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create agent' }));
  return { ...app, dialog };
}

describe('create agent', () => {
  it('starts from the default settings and checks them with the shared rules', async () => {
    const api = stubAgentsApi();
    const { user, dialog } = await openCreateDialog();

    expect(dialog.getByLabelText(/^first message/i)).toHaveValue(
      DEFAULT_AGENT_SETTINGS.firstMessage,
    );
    expect(dialog.getByRole('combobox', { name: /^voice provider/i })).toHaveValue('Vapi');
    expect(dialog.getByRole('combobox', { name: /^voice$/i })).toHaveValue('Elliot');
    expect(dialog.getByRole('combobox', { name: /^model$/i })).toHaveValue('gpt-4o-mini');

    const name = dialog.getByLabelText(/^name/i);
    await user.type(name, 'Night owl');
    await user.clear(name);
    await user.clear(dialog.getByLabelText(/^system prompt/i));
    await user.click(dialog.getByRole('button', { name: 'Create agent' }));

    expect(await dialog.findByText(agentMessages.nameRequired)).toBeInTheDocument();
    expect(dialog.getByText(agentMessages.systemPromptRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/agents')).toEqual([]);
  });

  it('creates the agent, says so and marks it in the list', async () => {
    const api = stubAgentsApi();
    const { user, dialog } = await openCreateDialog();

    await user.type(dialog.getByLabelText(/^name/i), '  Night owl ');
    // Another provider's voices replace the suggestion that no longer fits.
    await user.click(dialog.getByRole('combobox', { name: /^voice provider/i }));
    await user.click(await dialog.findByRole('option', { name: 'OpenAI' }));
    expect(dialog.getByRole('combobox', { name: /^voice$/i })).toHaveValue('alloy');
    await user.click(dialog.getByRole('button', { name: 'Create agent' }));

    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/agents').map((request) => request.body)).toEqual([
      { ...DEFAULT_AGENT_SETTINGS, name: 'Night owl', voiceProvider: 'openai', voiceId: 'alloy' },
    ]);
    const link = await screen.findByRole('link', { name: 'Night owl' });
    expect(link).toHaveAttribute('href', `/agent/${NEW_AGENT_ID}`);
    const row = within(link.closest('tr') as HTMLElement);
    expect(row.getByText('New')).toBeInTheDocument();
    expect(row.getByText('No calls yet')).toBeInTheDocument();
  });

  it('starts from a template: its prompt, first message, voice and tools', async () => {
    const api = stubAgentsApi();
    const { user, dialog } = await openCreateDialog();
    const template = AGENT_TEMPLATES.find((candidate) => candidate.id === 'after-hours')!;

    await user.click(dialog.getByRole('radio', { name: /after-hours line/i }));
    expect(dialog.getByLabelText(/^first message/i)).toHaveValue(template.settings.firstMessage);
    expect(dialog.getByRole('combobox', { name: /^voice provider/i })).toHaveValue('ElevenLabs');
    expect(dialog.getByRole('combobox', { name: /^voice$/i })).toHaveValue('sarah');
    expect(dialog.getByRole('switch', { name: /^end call/i })).toBeChecked();

    await user.type(dialog.getByLabelText(/^name/i), 'Night line');
    await user.click(dialog.getByRole('button', { name: 'Create agent' }));
    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    expect(api.calls('POST /api/agents').map((request) => request.body)).toEqual([
      { ...template.settings, name: 'Night line' },
    ]);
  });

  it('sends one request however often the button is pressed', async () => {
    let release: () => void = () => {};
    const api = stubAgentsApi({
      handlers: {
        'POST /api/agents': () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(
                jsonResponse(buildAgent({ id: NEW_AGENT_ID, name: 'Night owl' }), { status: 201 }),
              );
          }),
      },
    });
    const { user, dialog } = await openCreateDialog();

    await user.type(dialog.getByLabelText(/^name/i), 'Night owl');
    const submit = dialog.getByRole('button', { name: 'Create agent' });
    await user.dblClick(submit);
    await user.click(submit);

    await waitFor(() => expect(submit).toBeDisabled());
    release();
    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    expect(api.calls('POST /api/agents')).toHaveLength(1);
  });

  it('shows the server’s message in the form when the platform refuses', async () => {
    stubAgentsApi({
      handlers: {
        'POST /api/agents': () =>
          errorResponse(502, 'PLATFORM_ERROR', 'Failed to create agent: quota exceeded'),
      },
    });
    const { user, dialog } = await openCreateDialog();

    await user.type(dialog.getByLabelText(/^name/i), 'Night owl');
    await user.click(dialog.getByRole('button', { name: 'Create agent' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not create the agent');
    expect(alert).toHaveTextContent('Failed to create agent: quota exceeded');
    // Said once, in the form: no toast as well, and the dialog stays open to try again.
    expect(screen.queryByText('Action failed')).not.toBeInTheDocument();
    expect(dialog.getByLabelText(/^name/i)).toHaveValue('Night owl');
  });

  it('puts the server’s field messages under the fields', async () => {
    stubAgentsApi({
      handlers: {
        'POST /api/agents': () =>
          errorResponse(400, 'VALIDATION_ERROR', 'Invalid request', {
            issues: [{ path: 'body.voiceId', message: 'This voice does not exist' }],
          }),
      },
    });
    const { user, dialog } = await openCreateDialog();

    await user.type(dialog.getByLabelText(/^name/i), 'Night owl');
    await user.click(dialog.getByRole('button', { name: 'Create agent' }));

    expect(await dialog.findByText('This voice does not exist')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: /^voice$/i })).toHaveAccessibleDescription(
      expect.stringContaining('This voice does not exist') as string,
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
