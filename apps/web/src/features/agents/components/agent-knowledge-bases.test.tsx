import { DEFAULT_AGENT_SETTINGS, NO_EXTRA_TOOLS } from '@switchboard/shared/agents';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { stubAgentsApi } from '../../../test/fake-agents-api';

// Knowledge bases are attached in the agent's settings, with its tools (decision 035).

async function openSettings() {
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByRole('button', { name: 'Settings for Front desk' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Settings: Front desk' }));
  await dialog.findByLabelText(/^name/i);
  return { ...app, dialog };
}

describe('knowledge bases in the agent settings', () => {
  it('lists the business’s knowledge bases and sends the ticked ones', async () => {
    const api = stubAgentsApi({
      handlers: {
        'GET /api/agent-tools': () =>
          jsonResponse({
            custom: [],
            knowledgeBases: [
              { id: 'kb-faq', name: 'Customer FAQ' },
              { id: 'kb-prices', name: 'Price list' },
            ],
          }),
      },
    });
    const { user, dialog } = await openSettings();
    await user.click(await dialog.findByRole('checkbox', { name: 'Price list' }));
    expect(dialog.getByRole('checkbox', { name: 'Customer FAQ' })).not.toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Agent saved')).toBeInTheDocument();
    expect(api.calls('PATCH /api/agents/asst_front_desk').map((request) => request.body)).toEqual([
      {
        ...DEFAULT_AGENT_SETTINGS,
        name: 'Front desk',
        tools: { ...NO_EXTRA_TOOLS, knowledgeBaseIds: ['kb-prices'] },
      },
    ]);
  });

  it('says so when the business has none yet', async () => {
    stubAgentsApi();
    const { dialog } = await openSettings();
    expect(await dialog.findByText(/Your business has no knowledge bases yet/)).toBeInTheDocument();
  });
});
