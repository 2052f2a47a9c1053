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
import { describe, expect, it, vi } from 'vitest';
import { assistantDtoFromSettings, settingsFromAssistant } from './assistant-settings';

// Compiling the document's validators takes seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

// The assistant bodies the server sends, against the platform's own CreateAssistantDTO and
// UpdateAssistantDTO (closed: the platform refuses properties its DTOs do not name).

const SERVER_URL = 'https://sb.example/api/platform/webhook';
const SERVER = { url: SERVER_URL, headers: { 'x-vapi-secret': 'our-secret' } };

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
  it.each(
    VOICE_PROVIDER_IDS.flatMap((provider) =>
      VOICE_PROVIDERS[provider].voices.map((voiceId) => [provider, voiceId] as const),
    ),
  )('voice %s / %s', (voiceProvider, voiceId) => {
    const dto = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk', voiceProvider, voiceId },
      { server: SERVER },
    );
    expect(problems('POST', dto)).toEqual([]);
  });

  it('carries our secret header on the assistant’s server and on each of our tools’ server', () => {
    const dto = assistantDtoFromSettings(
      { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk' },
      { server: SERVER },
    );
    expect(problems('POST', dto)).toEqual([]);
    expect(dto.server).toEqual({ ...SERVER, timeoutSeconds: 20 });
    const tools = (dto.model as { tools: { server?: unknown }[] }).tools;
    expect(tools.map((tool) => tool.server)).toEqual([SERVER, SERVER]);
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
    for (const { assistant } of catalog.assistants.values()) {
      const { settings } = settingsFromAssistant(assistant);
      const update = assistantDtoFromSettings(
        { ...settings, firstMessage: 'Hello again' },
        { server: SERVER, existing: assistant },
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
