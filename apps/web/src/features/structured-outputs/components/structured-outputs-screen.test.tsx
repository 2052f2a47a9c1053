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

  it('checks the schema in the form and creates an output attached to an agent', async () => {
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
    const schema = within(dialog).getByRole('textbox', { name: 'Schema (JSON Schema)' });
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
    await selectOption(user, within(dialog).getAllByLabelText('Agents')[0]!, 'Front desk');
    await user.click(within(dialog).getByRole('button', { name: 'Create output' }));
    await waitFor(() => expect(api.calls('POST /api/structured-outputs')).toHaveLength(1));
    expect(api.calls('POST /api/structured-outputs')[0]?.body).toEqual({
      name: 'Caller details',
      description: '',
      schema: { type: 'object', properties: { reason: { type: 'string' } } },
      agentIds: ['asst-front'],
    });
  });
});
