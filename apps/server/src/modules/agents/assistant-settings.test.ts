import type { Vapi } from '@vapi-ai/server-sdk';
import { DEFAULT_AGENT_SETTINGS, NO_EXTRA_TOOLS } from '@switchboard/shared/agents';
import { describe, expect, it } from 'vitest';
import { needsToolMigration, repairBody } from './agent-health';
import { assistantDtoFromSettings, settingsFromAssistant } from './assistant-settings';

const settings = { ...DEFAULT_AGENT_SETTINGS, name: 'Front desk' };
const MANAGED = ['tool-enquiry', 'tool-booking'];
const CUSTOM = 'tool-custom';
const FOREIGN = 'tool-foreign';
const context = { managedToolIds: MANAGED, ownedToolIds: new Set([...MANAGED, CUSTOM]) };
const owned = {
  managed: [
    { name: 'create_enquiry', id: MANAGED[0] },
    { name: 'book_appointment', id: MANAGED[1] },
  ],
  customToolIds: new Set([CUSTOM]),
};

function asAssistant(dto: Vapi.CreateAssistantDto): Vapi.Assistant {
  return { ...dto, id: 'a-1', orgId: 'o-1', createdAt: '', updatedAt: '' };
}

type Model = Record<string, unknown> & {
  tools?: (Record<string, unknown> & { type: string; function?: { name: string } })[];
  toolIds?: string[];
};

describe('agent settings ⇄ platform assistant', () => {
  it('round-trips every form field, our tools attached by id', () => {
    const dto = assistantDtoFromSettings(settings, {
      server: { url: 'https://sb.example/api/platform/webhook', headers: { 'x-vapi-secret': 's' } },
      tools: context,
    });
    expect((dto.model as unknown as Model).toolIds).toEqual(MANAGED);
    expect((dto.model as unknown as Model).tools).toBeUndefined();
    expect(settingsFromAssistant(asAssistant(dto), owned)).toEqual({
      settings,
      serverUrl: 'https://sb.example/api/platform/webhook',
      tools: ['create_enquiry', 'book_appointment'],
    });
  });

  it('round-trips built-in tools and attached custom tools', () => {
    const tools = {
      endCall: true,
      dtmf: false,
      transferCall: true,
      transferDestinations: [{ number: '+14155550123', description: 'Front desk' }],
      customToolIds: [CUSTOM],
    };
    const dto = assistantDtoFromSettings(
      { ...settings, tools },
      { server: undefined, tools: context },
    );
    expect((dto.model as unknown as Model).toolIds).toEqual([...MANAGED, CUSTOM]);
    expect(settingsFromAssistant(asAssistant(dto), owned).settings.tools).toEqual(tools);
  });

  it('an agent no business owns gets no tools of ours, and keeps the ones it has', () => {
    const dto = assistantDtoFromSettings(settings, { server: undefined });
    expect(dto.model).not.toHaveProperty('toolIds');
    expect(dto.model).not.toHaveProperty('tools');
    expect(dto.server).toBeUndefined();
  });

  it("keeps what the form does not edit: foreign tools and tool ids, the provider's other options, non-system messages", () => {
    const existing = asAssistant({
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        temperature: 0.2,
        messages: [
          { role: 'system', content: 'old prompt' },
          { role: 'assistant', content: 'example turn' },
        ],
        tools: [
          { type: 'endCall', messages: [{ type: 'request-start', content: 'Bye' }] },
          { type: 'function', function: { name: 'create_enquiry' } },
          { type: 'function', function: { name: 'lookup_order' } },
          {
            type: 'transferCall',
            destinations: [
              { type: 'sip', sipUri: 'sip:desk@pbx.example' },
              { type: 'number', number: '+14155550123', transferPlan: { mode: 'blind-transfer' } },
            ],
          },
        ],
        toolIds: [FOREIGN, CUSTOM],
      },
      voice: { provider: 'vapi', voiceId: 'Elliot', speed: 1.1 },
    } as unknown as Vapi.CreateAssistantDto);
    const read = settingsFromAssistant(existing, owned).settings;
    expect(read.tools).toEqual({
      endCall: true,
      dtmf: false,
      transferCall: true,
      transferDestinations: [{ number: '+14155550123', description: '' }],
      customToolIds: [CUSTOM],
    });

    // Saved as read: inline create_enquiry becomes ours by id; everything else stays.
    const dto = assistantDtoFromSettings(
      { ...read, systemPrompt: 'new prompt', voiceId: 'Lily' },
      { server: { url: 'https://sb.example/hook', headers: {} }, existing, tools: context },
    );
    const model = dto.model as unknown as Model;
    expect(model.temperature).toBe(0.2);
    expect(model.messages).toEqual([
      { role: 'system', content: 'new prompt' },
      { role: 'assistant', content: 'example turn' },
    ]);
    expect(model.tools).toEqual([
      { type: 'endCall', messages: [{ type: 'request-start', content: 'Bye' }] },
      {
        type: 'transferCall',
        destinations: [
          { type: 'number', number: '+14155550123', transferPlan: { mode: 'blind-transfer' } },
          { type: 'sip', sipUri: 'sip:desk@pbx.example' },
        ],
      },
      { type: 'function', function: { name: 'lookup_order' } },
    ]);
    expect(model.toolIds).toEqual([...MANAGED, CUSTOM, FOREIGN]);
    expect(dto.voice).toEqual({ provider: 'vapi', voiceId: 'Lily', speed: 1.1 });

    // Detaching: built-ins and the custom tool go; foreign ones stay.
    const detached = assistantDtoFromSettings(
      { ...read, tools: NO_EXTRA_TOOLS },
      { server: undefined, existing, tools: context },
    );
    const detachedModel = detached.model as unknown as Model;
    expect(detachedModel.tools).toEqual([{ type: 'function', function: { name: 'lookup_order' } }]);
    expect(detachedModel.toolIds).toEqual([...MANAGED, FOREIGN]);

    // Settings without `tools` leave the attachments as they are.
    const untouched = assistantDtoFromSettings(
      { ...settings, tools: undefined },
      { server: undefined, existing, tools: context },
    );
    expect((untouched.model as unknown as Model).toolIds).toEqual([...MANAGED, CUSTOM, FOREIGN]);
    expect((untouched.model as unknown as Model).tools?.map((tool) => tool.type)).toEqual([
      'endCall',
      'function',
      'transferCall',
    ]);

    // A different provider starts clean: another provider's options would be refused.
    const switched = assistantDtoFromSettings(
      { ...settings, modelProvider: 'google', model: 'gemini-2.0-flash' },
      { server: undefined, existing },
    );
    expect((switched.model as unknown as Model).temperature).toBeUndefined();
  });

  it('keeps an operator’s server fields and puts our URL and header in', () => {
    const operatorServer = {
      url: 'https://old.example/hook',
      timeoutSeconds: 45,
      credentialId: 'cred-operator',
      backoffPlan: { type: 'fixed', maxRetries: 2, baseDelaySeconds: 1 },
      headers: { 'x-trace': 'keep', 'X-Vapi-Secret': 'stale' },
    };
    const existing = asAssistant({
      model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: 'p' }] },
      server: operatorServer,
    } as unknown as Vapi.CreateAssistantDto);
    const ours = { url: 'https://sb.example/hook', headers: { 'x-vapi-secret': 'ours' } };
    const dto = assistantDtoFromSettings(settings, { server: ours, existing, tools: context });
    expect(dto.server).toEqual({
      ...operatorServer,
      url: ours.url,
      headers: { 'x-trace': 'keep', 'x-vapi-secret': 'ours' },
    });
    // While our address is unknown, the server stays exactly as it was.
    const unknown = assistantDtoFromSettings(settings, { server: undefined, existing });
    expect(unknown.server).toEqual(operatorServer);
  });

  it('migrates an assistant with inline copies of our tools to tool ids, once', () => {
    const legacy = asAssistant({
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        tools: [
          { type: 'function', function: { name: 'create_enquiry' } },
          { type: 'function', function: { name: 'book_appointment' } },
          { type: 'dtmf' },
        ],
        toolIds: [FOREIGN],
      },
    } as unknown as Vapi.CreateAssistantDto);
    expect(needsToolMigration(legacy, MANAGED)).toBe(true);
    const { model } = repairBody(legacy, undefined, MANAGED);
    expect(model).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      tools: [{ type: 'dtmf' }],
      toolIds: [...MANAGED, FOREIGN],
    });
    const migrated = asAssistant({ model });
    expect(needsToolMigration(migrated, MANAGED)).toBe(false);
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
      tools: NO_EXTRA_TOOLS,
    });
    expect(read.tools).toEqual([]);
    expect(read.serverUrl).toBeNull();
  });
});
