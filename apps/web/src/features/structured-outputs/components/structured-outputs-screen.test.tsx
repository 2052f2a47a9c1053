import type { StructuredOutput } from '@switchboard/shared/structured-outputs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent } from '../../../test/fake-agents-api';
import { buildSessionUser, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { selectOption } from '../../../test/combobox';

const AGENT = buildAgent({ id: 'asst-front', name: 'Front desk' });

const OUTPUT: StructuredOutput = {
  id: 'so-1',
  name: 'Caller details',
  description: 'Who called and why',
  schema: {
    type: 'object',
    properties: { callerName: { type: 'string' }, reason: { type: 'string' } },
  },
  agentIds: ['asst-front'],
  createdAt: '2026-03-05T14:07:00.000Z',
  updatedAt: '2026-03-05T14:07:00.000Z',
};

/** No output yet: opens the new-output form (the POST answers with what it was sent) and names it. */
async function startNewOutput() {
  const api = stubApi(
    {
      'GET /api/structured-outputs': () => jsonResponse({ data: [] }),
      'GET /api/agents': () => jsonResponse({ data: [AGENT] }),
      'POST /api/structured-outputs': ({ body }) =>
        jsonResponse({ ...OUTPUT, ...(body as object), id: 'so-2' }, { status: 201 }),
    },
    { session: buildSessionUser() },
  );
  const { user } = renderApp('/structured-outputs');
  await user.click((await screen.findAllByRole('button', { name: 'Define output' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Define a structured output' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Caller details');
  return { api, user, dialog };
}

describe('structured outputs screen', () => {
  it('lists outputs with their fields and agents', async () => {
    stubApi(
      {
        'GET /api/structured-outputs': () => jsonResponse({ data: [OUTPUT] }),
        'GET /api/agents': () => jsonResponse({ data: [AGENT] }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/structured-outputs');
    const row = (await screen.findByText('Caller details')).closest('tr')!;
    expect(within(row).getByText('callerName, reason')).toBeInTheDocument();
    expect(await within(row).findByText('Front desk')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit Caller details' })).toBeInTheDocument();
  });

  it('says what is missing when the list is empty', async () => {
    stubApi(
      {
        'GET /api/structured-outputs': () => jsonResponse({ data: [] }),
        'GET /api/agents': () => jsonResponse({ data: [] }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/structured-outputs');
    expect(await screen.findByText('No structured outputs yet')).toBeInTheDocument();
  });

  it('shows the platform failure when the list cannot be fetched', async () => {
    stubApi(
      {
        'GET /api/structured-outputs': () =>
          jsonResponse(
            {
              error: {
                code: 'PLATFORM_ERROR',
                message: 'Failed to fetch structured outputs: connection reset',
              },
              requestId: 'r1',
            },
            { status: 502 },
          ),
        'GET /api/agents': () => jsonResponse({ data: [] }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/structured-outputs');
    expect(
      await screen.findByText('Failed to fetch structured outputs: connection reset'),
    ).toBeInTheDocument();
  });

  it('flags an output attached to no agent in the list', async () => {
    stubApi(
      {
        'GET /api/structured-outputs': () =>
          jsonResponse({ data: [OUTPUT, { ...OUTPUT, id: 'so-2', name: 'Unused', agentIds: [] }] }),
        'GET /api/agents': () => jsonResponse({ data: [AGENT] }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/structured-outputs');
    const unused = (await screen.findByText('Unused')).closest('tr')!;
    expect(
      within(unused).getByText('Not used by any agent — extracts nothing'),
    ).toBeInTheDocument();
    const used = screen.getByText('Caller details').closest('tr')!;
    expect(within(used).queryByText(/Not used by any agent/)).not.toBeInTheDocument();
  });

  it('builds the fields, creates an output attached to an agent', async () => {
    const { api, user, dialog } = await startNewOutput();
    // No field: nothing to extract, said before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create output' }));
    expect(
      await within(dialog).findByText('Add at least one field to extract'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/structured-outputs')).toHaveLength(0);

    const fields = within(dialog).getByRole('group', { name: 'Fields to extract' });
    await user.click(within(fields).getByRole('button', { name: 'Add field' }));
    await user.keyboard('reason');
    const reason = within(fields).getByRole('group', { name: 'Field reason' });
    await user.type(
      within(reason).getByRole('combobox', { name: /^Allowed values/ }),
      'booking{Enter}question{Enter}',
    );
    await user.click(within(reason).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(fields).getByRole('button', { name: 'Add field' }));
    await user.keyboard('urgent');
    const urgent = within(fields).getByRole('group', { name: 'Field urgent' });
    await user.selectOptions(within(urgent).getByRole('combobox', { name: 'Type' }), 'Yes/no');
    await selectOption(user, within(dialog).getAllByLabelText('Agents')[0]!, 'Front desk');
    await user.click(within(dialog).getByRole('button', { name: 'Create output' }));
    await waitFor(() => expect(api.calls('POST /api/structured-outputs')).toHaveLength(1));
    expect(api.calls('POST /api/structured-outputs')[0]?.body).toEqual({
      name: 'Caller details',
      description: '',
      schema: {
        type: 'object',
        properties: {
          reason: { type: 'string', enum: ['booking', 'question'] },
          urgent: { type: 'boolean' },
        },
        required: ['reason'],
      },
      agentIds: ['asst-front'],
    });
    expect(await screen.findByText('Structured output created')).toBeInTheDocument();
  });

  it('checks JSON typed in the advanced view; saved with no agent, it warns that it extracts nothing', async () => {
    const { api, user, dialog } = await startNewOutput();
    // Before saving, the form says an output with no agent extracts nothing.
    expect(await within(dialog).findByText('Not used by any agent')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Advanced (JSON)' }));
    const schema = within(dialog).getByRole('textbox', { name: 'JSON Schema' });
    await user.clear(schema);
    await user.click(schema);
    await user.paste('{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}');
    await user.click(within(dialog).getByRole('button', { name: 'Create output' }));
    expect(
      await within(dialog).findByText(/\/properties\/n: "minimum" is not supported/),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/structured-outputs')).toHaveLength(0);

    await user.clear(schema);
    await user.click(schema);
    await user.paste('{"type": "object", "properties": {"reason": {"type": "string"}}}');
    await user.click(within(dialog).getByRole('button', { name: 'Create output' }));
    await waitFor(() => expect(api.calls('POST /api/structured-outputs')).toHaveLength(1));
    expect(api.calls('POST /api/structured-outputs')[0]?.body).toMatchObject({
      schema: { type: 'object', properties: { reason: { type: 'string' } } },
      agentIds: [],
    });
    const warning = (
      await screen.findByText('Structured output created, but not used by any agent')
    ).closest('[role="alert"]') as HTMLElement;
    expect(
      within(warning).getByText(
        'Caller details extracts nothing until you attach it to an agent: edit it and choose one.',
      ),
    ).toBeInTheDocument();
  });
});
