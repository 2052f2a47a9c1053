import { z } from 'zod';

/**
 * Agents: the platform's assistants as a business sees them. An agent's id in every URL and
 * response is the platform assistant id (the seed's agentId), so call logs, analytics and the
 * platform agree on one name for it.
 */

/** A voice the form suggests: the id the platform's `voice.voiceId` takes, and a readable name. */
export type VoiceOption = { id: string; name: string };

const named = (...ids: string[]): VoiceOption[] =>
  ids.map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));

/**
 * Voice providers offered by the agent form, with real voice ids to suggest (any voice id is
 * accepted). The platform's public document has a `VoiceLibrary` schema but no path that
 * serves it, so there is no voice list (nor preview) to ask the platform for; these ids come
 * from the document's own `voiceId` enums (2026-08-18: `ElevenLabsVoice`, `OpenAIVoice`,
 * `AzureVoice`, `DeepgramVoice`, `PlayHTVoice`, `RimeAIVoice`, `LMNTVoice`; `VapiVoice` from the
 * 2025-08-22 document's enum, which the 2026 one dropped, and its example "Clara"), plus Azure
 * neural voice names and Cartesia's published voice UUIDs (Cartesia's voices are UUIDs:
 * `sonic-english` is a model, not a voice). Decision 034.
 */
export const VOICE_PROVIDERS = {
  vapi: {
    label: 'Vapi',
    voices: named(
      'Elliot',
      'Kylie',
      'Rohan',
      'Lily',
      'Savannah',
      'Hana',
      'Neha',
      'Cole',
      'Harry',
      'Paige',
      'Spencer',
      'Clara',
    ),
  },
  '11labs': {
    label: 'ElevenLabs',
    voices: named(
      'burt',
      'marissa',
      'andrea',
      'sarah',
      'phillip',
      'steve',
      'joseph',
      'myra',
      'paula',
      'ryan',
      'drew',
      'paul',
      'mrb',
      'matilda',
      'mark',
    ),
  },
  openai: {
    label: 'OpenAI',
    voices: named('alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer', 'marin', 'cedar'),
  },
  azure: {
    label: 'Azure',
    voices: [
      ...named('andrew', 'brian', 'emma'),
      { id: 'en-US-AndrewNeural', name: 'Andrew (US, neural)' },
      { id: 'en-US-EmmaNeural', name: 'Emma (US, neural)' },
      { id: 'en-GB-SoniaNeural', name: 'Sonia (UK, neural)' },
      { id: 'en-GB-RyanNeural', name: 'Ryan (UK, neural)' },
    ],
  },
  deepgram: {
    label: 'Deepgram',
    voices: named(
      'asteria',
      'luna',
      'stella',
      'athena',
      'hera',
      'orion',
      'arcas',
      'perseus',
      'angus',
      'orpheus',
      'helios',
      'zeus',
      'thalia',
      'andromeda',
      'helena',
      'apollo',
    ),
  },
  cartesia: {
    label: 'Cartesia',
    voices: [
      { id: '79f8b5fb-2cc8-479a-80df-29f7a7cf1a3e', name: 'Nonfiction Man' },
      { id: 'e00d0e4c-a5c8-443f-a8a3-473eb9a62355', name: 'Friendly Sidekick' },
      { id: '15a9cd88-84b0-4a8b-95f2-5d583b54c72e', name: 'Reading Lady' },
      { id: 'd46abd1d-2d02-43e8-819f-51fb652c1c61', name: 'Newsman' },
      { id: '71a7ad14-091c-4e8e-a314-022ece01c121', name: 'British Reading Lady' },
      { id: '4d2fd738-3b3d-4368-957a-bb4805275bd9', name: 'British Narration Lady' },
      { id: '3b554273-4299-48b9-9aaf-eefd438e3941', name: 'Indian Lady' },
    ],
  },
  playht: {
    label: 'PlayHT',
    voices: named(
      'jennifer',
      'melissa',
      'will',
      'chris',
      'matt',
      'jack',
      'ruby',
      'davis',
      'donna',
      'michael',
    ),
  },
} as const satisfies Record<string, { label: string; voices: readonly VoiceOption[] }>;
export type VoiceProvider = keyof typeof VOICE_PROVIDERS;
export const VOICE_PROVIDER_IDS = Object.keys(VOICE_PROVIDERS) as [
  VoiceProvider,
  ...VoiceProvider[],
];

/** Model providers offered by the agent form, with models to suggest (any model id is accepted). */
export const MODEL_PROVIDERS = {
  openai: {
    label: 'OpenAI',
    models: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano'],
  },
  anthropic: {
    label: 'Anthropic',
    models: ['claude-3-5-haiku-20241022', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514'],
  },
  google: { label: 'Google', models: ['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro'] },
  groq: { label: 'Groq', models: ['llama-3.3-70b-versatile', 'llama-3.1-8b-instant'] },
} as const satisfies Record<string, { label: string; models: readonly string[] }>;
export type ModelProvider = keyof typeof MODEL_PROVIDERS;
export const MODEL_PROVIDER_IDS = Object.keys(MODEL_PROVIDERS) as [
  ModelProvider,
  ...ModelProvider[],
];

export const AGENT_NAME_MAX_LENGTH = 40;

export const agentMessages = {
  nameRequired: 'Agent name is required',
  nameTooLong: `Agent name must be at most ${AGENT_NAME_MAX_LENGTH} characters`,
  firstMessageRequired: 'First message is required',
  systemPromptRequired: 'System prompt is required',
  voiceProviderRequired: 'Please choose a voice provider',
  voiceRequired: 'Voice is required',
  modelProviderRequired: 'Please choose a model provider',
  modelRequired: 'Model is required',
} as const;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** E.164: a plus, a country code and at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export const agentToolMessages = {
  transferNumber: 'Enter the number in international format, e.g. +14155550123',
  transferNeedsDestination: 'Add at least one number to transfer calls to',
} as const;

/** A number the agent may transfer a caller to (the platform's TransferDestinationNumber). */
export const transferDestinationSchema = z.object({
  number: z
    .string({ error: agentToolMessages.transferNumber })
    .trim()
    .regex(E164_PATTERN, agentToolMessages.transferNumber),
  /** What the model is told about the destination ("Front desk"). */
  description: z.string().trim().max(140, 'Must be at most 140 characters').default(''),
});
export type TransferDestination = z.output<typeof transferDestinationSchema>;

/**
 * The tools attached to an agent besides Switchboard's own two (which are always attached):
 * the platform's built-in end-call, keypad (DTMF) and transfer-call tools, and the business's
 * custom tools by platform tool id.
 */
export const agentToolSettingsSchema = z
  .object({
    endCall: z.boolean().default(false),
    dtmf: z.boolean().default(false),
    transferCall: z.boolean().default(false),
    transferDestinations: z
      .array(transferDestinationSchema)
      .max(10, 'At most 10 numbers')
      .default([]),
    customToolIds: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    /**
     * The business's knowledge bases the agent searches (attached by their search tool's id in
     * `model.toolIds`). Absent: the attached ones stay as they are.
     */
    knowledgeBaseIds: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  })
  .superRefine((tools, context) => {
    if (tools.transferCall && tools.transferDestinations.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['transferDestinations'],
        message: agentToolMessages.transferNeedsDestination,
      });
    }
  });
export type AgentToolSettings = z.output<typeof agentToolSettingsSchema>;

export const NO_EXTRA_TOOLS: AgentToolSettings = {
  endCall: false,
  dtmf: false,
  transferCall: false,
  transferDestinations: [],
  customToolIds: [],
};

/**
 * What the create and settings forms edit, validated on both sides. The server turns it into
 * the platform's assistant fields (model.messages[0] is the system prompt).
 */
export const agentSettingsSchema = z.object({
  name: z
    .string({ error: agentMessages.nameRequired })
    .trim()
    .min(1, agentMessages.nameRequired)
    .max(AGENT_NAME_MAX_LENGTH, agentMessages.nameTooLong),
  firstMessage: requiredText(agentMessages.firstMessageRequired, 1000),
  systemPrompt: requiredText(agentMessages.systemPromptRequired, 20_000),
  voiceProvider: z.enum(VOICE_PROVIDER_IDS, { error: agentMessages.voiceProviderRequired }),
  voiceId: requiredText(agentMessages.voiceRequired, 200),
  modelProvider: z.enum(MODEL_PROVIDER_IDS, { error: agentMessages.modelProviderRequired }),
  model: requiredText(agentMessages.modelRequired, 200),
  /** Optional: what the agent says before it hangs up. */
  endCallMessage: z.string().trim().max(1000, 'Must be at most 1000 characters').default(''),
  /** Attached tools; absent = leave the agent's attachments as they are. */
  tools: agentToolSettingsSchema.optional(),
});
export type AgentSettingsFormValues = z.input<typeof agentSettingsSchema>;
export type AgentSettings = z.output<typeof agentSettingsSchema>;

/** A new agent starts from these; the form shows them for editing. */
export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  name: '',
  firstMessage: 'Hello, thanks for calling! How can I help you today?',
  systemPrompt:
    'You are a friendly, concise receptionist for our business. Answer questions, take ' +
    'enquiries with the create_enquiry tool and book appointments with the book_appointment ' +
    'tool. Confirm names, phone numbers and times back to the caller.',
  voiceProvider: 'vapi',
  voiceId: 'Elliot',
  modelProvider: 'openai',
  model: 'gpt-4o-mini',
  endCallMessage: 'Thank you for calling. Goodbye!',
  tools: NO_EXTRA_TOOLS,
};

/** The agent's figures over the last 7 days (today and the 6 days before, business time). */
export const agentRecentFiguresSchema = z.object({
  calls: z.number().int().nonnegative(),
  /** Percentage of passed calls, 2 decimals; null when there were no calls. */
  successRate: z.number().nullable(),
  spend: z.number(),
});

/** GET /api/agents, one row; also what GET /api/agents/:id answers. */
export const agentSchema = z.object({
  /** The platform assistant id. */
  id: z.string(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  /** The business the agent belongs to (admins see every agent; members only their own). */
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  /** IANA zone the agent's figures are bucketed in: its business's, UTC when unassigned. */
  timeZone: z.string(),
  last7Days: agentRecentFiguresSchema,
  lastCallAt: z.iso.datetime().nullable(),
  /**
   * lastCallAt as the dashboard shows it, in the agent's zone: "Mar 5, 2026, 14:07". Written by
   * the server, as the call log's times are: the page's first Intl object would start the
   * browser's ICU for this one date (decision 109).
   */
  lastCallAtText: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Its calls may be listened to live (the business's switch; monitorPlan.listenEnabled). */
  liveListening: z.boolean().optional(),
});
export type Agent = z.infer<typeof agentSchema>;
export const agentListSchema = z.object({ data: z.array(agentSchema) });
export type AgentList = z.infer<typeof agentListSchema>;

/** GET /api/agents/:id/settings: the editable fields as the platform holds them now. */
export const agentSettingsResponseSchema = z.object({
  id: z.string(),
  settings: agentSettingsSchema,
  /** Where the agent's tools send their calls (our webhook). */
  serverUrl: z.string().nullable(),
  tools: z.array(z.string()),
});
export type AgentSettingsResponse = z.infer<typeof agentSettingsResponseSchema>;

/** A custom tool of the business that an agent may attach (GET /api/agent-tools). */
export const attachableToolSchema = z.object({
  /** The platform tool id. */
  id: z.string(),
  name: z.string(),
});
export const agentToolChoicesSchema = z.object({
  /** The business's own tools (the operator's or the tools page's), newest first. */
  custom: z.array(attachableToolSchema),
  /** The business's knowledge bases (id and name), newest first. */
  knowledgeBases: z.array(attachableToolSchema).optional(),
});
export type AgentToolChoices = z.infer<typeof agentToolChoicesSchema>;

/** One of our tools on the agent: there, sending to our webhook, carrying our authentication. */
export const agentToolHealthSchema = z.object({
  name: z.string(),
  present: z.boolean(),
  pointsAtUs: z.boolean(),
  authenticated: z.boolean(),
});

/**
 * Whether the platform can reach us for this agent: its server is our webhook and carries our
 * authentication, our tools are there and do the same, and when a webhook last arrived.
 */
export const agentHealthSchema = z.object({
  ok: z.boolean(),
  /** Our webhook URL (null while it is not known). */
  webhookUrl: z.string().nullable(),
  serverUrl: z.string().nullable(),
  serverPointsAtUs: z.boolean(),
  serverAuthenticated: z.boolean(),
  tools: z.array(agentToolHealthSchema),
  /**
   * The server message types we need (status updates, end-of-call reports, tool calls) that
   * the agent's `serverMessages` (else the platform's default list) leaves out.
   */
  missingServerMessages: z.array(z.string()),
  /** Last authenticated webhook about this agent (ISO), null = none yet. */
  lastWebhookAt: z.string().nullable(),
  /** What is wrong, in words for the screen (empty when ok). */
  problems: z.array(z.string()),
});
export type AgentHealth = z.infer<typeof agentHealthSchema>;

/** The function tools every agent Switchboard creates carries (see PRODUCT.md §2.4). */
export const AGENT_TOOL_NAMES = ['create_enquiry', 'book_appointment'] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];
