import type { Vapi } from '@vapi-ai/server-sdk';
import {
  DEFAULT_AGENT_SETTINGS,
  MODEL_PROVIDERS,
  MODEL_PROVIDER_IDS,
  VOICE_PROVIDERS,
  VOICE_PROVIDER_IDS,
} from '@switchboard/shared/agents';
import { describeErrors, requestBodyValidator } from '@switchboard/sandbox/platform-document';
import { buildDemo } from '@switchboard/sandbox/test/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TEMPLATES } from '@switchboard/shared/agent-templates';
import { repairBody } from './agent-health';
import { assistantDtoFromSettings, settingsFromAssistant } from './assistant-settings';
import { managedToolBody } from './managed-tools';

// The assistant bodies the server sends, against the platform's own CreateAssistantDTO and
// UpdateAssistantDTO (closed: the platform refuses properties its DTOs do not name).

const SERVER_URL = 'https://sb.example/api/platform/webhook';
const SERVER = { url: SERVER_URL, headers: { 'x-vapi-secret': 'our-secret' } };
const MANAGED_IDS = [
  '0b6f7d2e-1c3a-4e5f-9a8b-7c6d5e4f3a21',
  '1c7e8f3a-2d4b-4f6a-8b9c-0d1e2f3a4b52',
];
const CUSTOM_ID = '2d8f9a4b-3e5c-4a7b-9c0d-1e2f3a4b5c63';
const TOOLS = { managedToolIds: MANAGED_IDS, ownedToolIds: new Set(MANAGED_IDS) };

function problems(method: 'POST' | 'PATCH', body: unknown): string[] {
  const validate =
    method === 'POST'
      ? requestBodyValidator('POST', '/assistant')
      : requestBodyValidator('PATCH', '/assistant/{id}');
  return validate(body) ? [] : describeErrors(validate.errors);
}

function asAssistant(dto: Vapi.CreateAssistantDto): Vapi.Assistant {
  return {
    ...dto,
    id: '3f0b4c1e-2f6a-4f7e-9a43-6f1d2c8b9e10',
    orgId: '8a1c5e2d-9b3f-4a6e-b7c8-0d1e2f3a4b5c',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('assistant bodies against the platform document', () => {
  // Compiling the document's validators takes seconds on a busy machine: once, up front.
  beforeAll(() => {
    requestBodyValidator('POST', '/assistant');
    requestBodyValidator('PATCH', '/assistant/{id}');
    requestBodyValidator('POST', '/tool');
    requestBodyValidator('PATCH', '/tool/{id}');
  });

  it.each(
    VOICE_PROVIDER_IDS.flatMap((provider) =>
      VOICE_PROVIDERS[provider].voices.map(({ id }) => [provider, id] as const),
    ),
  )('voice %s / %s', (voiceProvider, voiceId) => {
    const dto = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk', voiceProvider, voiceId },
      { server: SERVER },
    );
    expect(problems('POST', dto)).toEqual([]);
  });

  it('carries our secret header on the assistant’s server and attaches our tools by id', () => {
    const dto = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk' },
      { server: SERVER, tools: TOOLS },
    );
    expect(problems('POST', dto)).toEqual([]);
    expect(dto.server).toEqual({ ...SERVER, timeoutSeconds: 20 });
    expect((dto.model as { toolIds?: string[] }).toolIds).toEqual(MANAGED_IDS);
  });

  it.each(['create_enquiry', 'book_appointment'] as const)(
    'the %s tool Switchboard makes (POST /tool) and re-points (PATCH /tool/{id})',
    (name) => {
      const body = managedToolBody(name, SERVER);
      const create = requestBodyValidator('POST', '/tool');
      expect(create(body) ? [] : describeErrors(create.errors)).toEqual([]);
      expect(body).toMatchObject({
        type: 'function',
        function: { name },
        server: { ...SERVER, timeoutSeconds: 20 },
      });
      const update = requestBodyValidator('PATCH', '/tool/{id}');
      const moved = managedToolBody(name, SERVER, {
        url: 'https://old.example',
        timeoutSeconds: 5,
      });
      expect(update(moved) ? [] : describeErrors(update.errors)).toEqual([]);
    },
  );

  it('built-in tools (end call, keypad, transfer to numbers) and custom tool ids', () => {
    const dto = assistantDtoFromSettings(
      {
        ...DEFAULT_AGENT_SETTINGS,
        name: 'Front desk',
        tools: {
          endCall: true,
          dtmf: true,
          transferCall: true,
          transferDestinations: [
            { number: '+14155550123', description: 'Front desk' },
            { number: '+442071234567', description: '' },
          ],
          customToolIds: [CUSTOM_ID],
        },
      },
      { server: SERVER, tools: { ...TOOLS, ownedToolIds: new Set([...MANAGED_IDS, CUSTOM_ID]) } },
    );
    expect(problems('POST', dto)).toEqual([]);
    expect(problems('PATCH', dto)).toEqual([]);
    expect(dto.model).toMatchObject({
      tools: [
        { type: 'endCall' },
        { type: 'dtmf' },
        {
          type: 'transferCall',
          destinations: [
            { type: 'number', number: '+14155550123', description: 'Front desk' },
            { type: 'number', number: '+442071234567' },
          ],
        },
      ],
      toolIds: [...MANAGED_IDS, CUSTOM_ID],
    });
  });

  it.each(AGENT_TEMPLATES.map((template) => [template.id, template] as const))(
    'the %s template',
    (_id, template) => {
      const dto = assistantDtoFromSettings(
        { ...template.settings, name: template.label },
        { server: SERVER, tools: TOOLS },
      );
      expect(problems('POST', dto)).toEqual([]);
    },
  );

  it('moving each sandbox demo assistant to tools by id (the start-up migration and Repair)', () => {
    const { catalog } = buildDemo({ totalCalls: 10 }, SERVER_URL);
    for (const assistant of catalog.assistants.values()) {
      const body = repairBody(assistant, SERVER, MANAGED_IDS);
      expect(problems('PATCH', body), assistant.name).toEqual([]);
      const model = body.model as { tools?: { type: string }[]; toolIds?: string[] };
      expect(model.toolIds).toEqual(MANAGED_IDS);
      expect(model.tools?.filter((tool) => tool.type === 'function') ?? []).toEqual([]);
    }
  });

  it.each(
    MODEL_PROVIDER_IDS.flatMap((provider) =>
      MODEL_PROVIDERS[provider].models.map((model) => [provider, model] as const),
    ),
  )('model %s / %s', (modelProvider, model) => {
    const dto = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk', modelProvider, model },
      { server: SERVER },
    );
    expect(problems('POST', dto)).toEqual([]);
    expect(problems('PATCH', dto)).toEqual([]);
  });

  it('an update of an assistant the platform returned, without a webhook URL too', () => {
    const created = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk' },
      { server: undefined },
    );
    expect(problems('POST', created)).toEqual([]);
    const update = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk', systemPrompt: 'New prompt' },
      { server: SERVER, existing: asAssistant(created) },
    );
    expect(problems('PATCH', update)).toEqual([]);
  });

  it('an update of each sandbox demo assistant (other tools, model and voice options kept)', () => {
    const { catalog } = buildDemo({ totalCalls: 10 }, SERVER_URL);
    for (const assistant of catalog.assistants.values()) {
      const { settings } = settingsFromAssistant(assistant);
      const update = assistantDtoFromSettings(
        { ...settings, firstMessage: 'Hello again' },
        { server: SERVER, existing: assistant, tools: TOOLS },
      );
      expect(problems('PATCH', update), assistant.name).toEqual([]);
    }
  });

  it('would notice a property the platform does not know', () => {
    const dto = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk' },
      { server: SERVER },
    );
    expect(problems('POST', { ...dto, webhookUrl: SERVER_URL })).toEqual([
      'property webhookUrl should not exist',
    ]);
  });
});
