import type { Vapi } from '@vapi-ai/server-sdk';
import { DEFAULT_AGENT_SETTINGS } from '@switchboard/shared/agents';
import { describe, expect, it } from 'vitest';
import { assistantDtoFromSettings, settingsFromAssistant } from './assistant-settings';

const settings = { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk' };

function asAssistant(dto: Vapi.CreateAssistantDto): Vapi.Assistant {
  return { ...dto, id: 'a-1', orgId: 'o-1', createdAt: '', updatedAt: '' };
}

describe('agent settings ⇄ platform assistant', () => {
  it('round-trips every form field', () => {
    const dto = assistantDtoFromSettings(settings, {
      server: { url: 'https://sb.example/api/platform/webhook', headers: { 'x-vapi-secret': 's' } },
    });
    expect(settingsFromAssistant(asAssistant(dto))).toEqual({
      settings,
      serverUrl: 'https://sb.example/api/platform/webhook',
      tools: ['create_enquiry', 'book_appointment'],
    });
  });

  it('leaves the tools without a server when no webhook URL is known', () => {
    const dto = assistantDtoFromSettings(settings, { server: undefined });
    const tools = (dto.model as { tools: { server?: unknown }[] }).tools;
    expect(tools).toHaveLength(2);
    expect(tools.every((tool) => tool.server === undefined)).toBe(true);
    expect(dto.server).toBeUndefined();
  });

  it("keeps what the form does not edit: other tools, the provider's other options, non-system messages", () => {
    const existing = asAssistant({
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        temperature: 0.2,
        messages: [
          { role: 'system', content: 'old prompt' },
          { role: 'assistant', content: 'example turn' },
        ],
        tools: [{ type: 'endCall' }, { type: 'function', function: { name: 'create_enquiry' } }],
      },
      voice: { provider: 'vapi', voiceId: 'Elliot', speed: 1.1 },
    } as unknown as Vapi.CreateAssistantDto);
    const dto = assistantDtoFromSettings(
      { ...settings, systemPrompt: 'new prompt', voiceId: 'Lily' },
      { server: { url: 'https://sb.example/hook', headers: {} }, existing },
    );
    const model = dto.model as unknown as Record<string, unknown> & {
      tools: { type: string; function?: { name: string } }[];
    };
    expect(model.temperature).toBe(0.2);
    expect(model.messages).toEqual([
      { role: 'system', content: 'new prompt' },
      { role: 'assistant', content: 'example turn' },
    ]);
    expect(model.tools.map((tool) => tool.function?.name ?? tool.type)).toEqual([
      'create_enquiry',
      'book_appointment',
      'endCall',
    ]);
    expect(dto.voice).toEqual({ provider: 'vapi', voiceId: 'Lily', speed: 1.1 });

    // A different provider starts clean: another provider's options would be refused.
    const switched = assistantDtoFromSettings(
      { ...settings, modelProvider: 'google', model: 'gemini-2.0-flash' },
      { server: undefined, existing },
    );
    expect((switched.model as unknown as Record<string, unknown>).temperature).toBeUndefined();
  });

  it('keeps an operator’s server fields and foreign tools, and puts our URL and header in', () => {
    const operatorServer = {
      url: 'https://old.example/hook',
      timeoutSeconds: 45,
      credentialId: 'cred-operator',
      backoffPlan: { type: 'fixed', maxRetries: 2, baseDelaySeconds: 1 },
      headers: { 'x-trace': 'keep', 'X-Vapi-Secret': 'stale' },
    };
    const foreign = {
      type: 'function',
      function: { name: 'lookup_order' },
      server: { url: 'https://other.example' },
    };
    const existing = asAssistant({
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        messages: [{ role: 'system', content: 'p' }],
        tools: [
          {
            type: 'function',
            function: { name: 'create_enquiry' },
            server: { ...operatorServer, timeoutSeconds: 9 },
          },
          foreign,
        ],
      },
      server: operatorServer,
    } as unknown as Vapi.CreateAssistantDto);
    const ours = { url: 'https://sb.example/hook', headers: { 'x-vapi-secret': 'ours' } };
    const dto = assistantDtoFromSettings(settings, { server: ours, existing });
    const merged = {
      ...operatorServer,
      url: ours.url,
      headers: { 'x-trace': 'keep', 'x-vapi-secret': 'ours' },
    };
    expect(dto.server).toEqual(merged);
    const tools = (dto.model as unknown as { tools: Record<string, unknown>[] }).tools;
    expect(tools[0]!.server).toEqual({ ...merged, timeoutSeconds: 9 });
    expect(tools[1]!.server).toEqual(ours);
    expect(tools[2]).toEqual(foreign);

    // While our address is unknown, the servers stay exactly as they were.
    const unknown = assistantDtoFromSettings(settings, { server: undefined, existing });
    expect(unknown.server).toEqual(operatorServer);
  });

  it('reads an assistant made elsewhere without failing on providers the form lacks', () => {
    const read = settingsFromAssistant(
      asAssistant({
        name: 'External',
        model: { provider: 'custom-llm', model: 'x', url: 'https://llm.example' },
        voice: { provider: 'rime-ai', voiceId: 'cove' },
      } as unknown as Vapi.CreateAssistantDto),
    );
    expect(read.settings).toMatchObject({
      name: 'External',
      modelProvider: 'openai',
      model: 'x',
      voiceProvider: 'vapi',
      voiceId: 'cove',
      systemPrompt: '',
      firstMessage: '',
      endCallMessage: '',
    });
    expect(read.tools).toEqual([]);
    expect(read.serverUrl).toBeNull();
  });
});
