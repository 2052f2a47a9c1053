import { z } from 'zod';

/**
 * Agents: the platform's assistants as a business sees them. An agent's id in every URL and
 * response is the platform assistant id (the seed's agentId), so call logs, analytics and the
 * platform agree on one name for it.
 */

/** Voice providers offered by the agent form, with voices to suggest (any voice id is accepted). */
export const VOICE_PROVIDERS = {
  vapi: {
    label: 'Vapi',
    voices: [
      'Elliot',
      'Rohan',
      'Lily',
      'Savannah',
      'Hana',
      'Neha',
      'Cole',
      'Harry',
      'Paige',
      'Spencer',
    ],
  },
  '11labs': {
    label: 'ElevenLabs',
    voices: [
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
    ],
  },
  openai: { label: 'OpenAI', voices: ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] },
  azure: {
    label: 'Azure',
    voices: ['en-US-AndrewNeural', 'en-US-EmmaNeural', 'en-GB-SoniaNeural', 'en-GB-RyanNeural'],
  },
  deepgram: {
    label: 'Deepgram',
    voices: [
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
    ],
  },
  cartesia: { label: 'Cartesia', voices: ['sonic-english', 'sonic-multilingual'] },
  playht: {
    label: 'PlayHT',
    voices: [
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
    ],
  },
} as const satisfies Record<string, { label: string; voices: readonly string[] }>;
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
  createdAt: z.iso.datetime(),
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
  /** Last authenticated webhook about this agent (ISO), null = none yet. */
  lastWebhookAt: z.string().nullable(),
  /** What is wrong, in words for the screen (empty when ok). */
  problems: z.array(z.string()),
});
export type AgentHealth = z.infer<typeof agentHealthSchema>;

/** The function tools every agent Switchboard creates carries (see PRODUCT.md §2.4). */
export const AGENT_TOOL_NAMES = ['create_enquiry', 'book_appointment'] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];
