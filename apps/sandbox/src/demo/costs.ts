import type { Vapi } from '@vapi-ai/server-sdk';
import { OUTBOUND, WEB } from './profiles';

// What a call costs, from its length, type and model. Roughly the platform's published rates:
// $0.05/min platform fee, ~$0.01/min transcription, voice by characters, model by tokens and
// telephony by minute, so a connected call lands between about $0.07 and $0.15 a minute.
// A pure function of its inputs: analytics recomputes it over millions of calls without
// materialising them.

export type CostBreakdown = Required<
  Pick<
    Vapi.CostBreakdown,
    | 'transport'
    | 'stt'
    | 'llm'
    | 'tts'
    | 'vapi'
    | 'total'
    | 'llmPromptTokens'
    | 'llmCompletionTokens'
    | 'ttsCharacters'
  >
>;

export const COST_COLUMNS = [
  'transport',
  'stt',
  'llm',
  'tts',
  'vapi',
  'total',
  'llmPromptTokens',
  'llmCompletionTokens',
  'ttsCharacters',
] as const satisfies readonly (keyof CostBreakdown)[];

const MODEL_PRICES = {
  'gpt-4o': { prompt: 2.5e-6, completion: 10e-6 },
  'gpt-4o-mini': { prompt: 0.15e-6, completion: 0.6e-6 },
} as const;

export type PricedModel = keyof typeof MODEL_PRICES;

export function pricedModel(model: string | undefined): PricedModel {
  return model === 'gpt-4o' ? 'gpt-4o' : 'gpt-4o-mini';
}

const PLATFORM_PER_MINUTE = 0.05;
const STT_PER_MINUTE = 0.01;
const TTS_PER_CHARACTER = 0.00003;
const INBOUND_TRANSPORT_PER_MINUTE = 0.0085;
const OUTBOUND_TRANSPORT_PER_MINUTE = 0.014;

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * @param jitter a number in [0, 1) that varies the talkativeness of the call (tokens, characters).
 */
export function computeCostBreakdown(
  durationMs: number,
  type: number,
  model: PricedModel,
  jitter: number,
): CostBreakdown {
  const minutes = durationMs / 60_000;
  const seconds = durationMs / 1000;
  const turns = Math.floor(seconds / 9);
  const promptTokens =
    turns === 0 ? 0 : Math.round(turns * (850 + 300 * jitter) + 28 * turns * turns);
  const completionTokens = Math.round(turns * (28 + 20 * jitter));
  const ttsCharacters = Math.round(seconds * (5 + 2.5 * jitter));
  const price = MODEL_PRICES[model];

  const transportRate =
    type === WEB
      ? 0
      : type === OUTBOUND
        ? OUTBOUND_TRANSPORT_PER_MINUTE
        : INBOUND_TRANSPORT_PER_MINUTE;
  const transport = round6(minutes * transportRate);
  const stt = round6(minutes * STT_PER_MINUTE);
  const llm = round6(promptTokens * price.prompt + completionTokens * price.completion);
  const tts = round6(ttsCharacters * TTS_PER_CHARACTER);
  const vapi = round6(minutes * PLATFORM_PER_MINUTE);
  const total = round6(transport + stt + llm + tts + vapi);
  return {
    transport,
    stt,
    llm,
    tts,
    vapi,
    total,
    llmPromptTokens: promptTokens,
    llmCompletionTokens: completionTokens,
    ttsCharacters,
  };
}

/** The platform's per-item cost list matching a breakdown. */
export function costItems(
  breakdown: CostBreakdown,
  durationMs: number,
  model: string,
  voice: Record<string, unknown>,
  transcriber: string,
  transportProvider: Vapi.TransportCostProvider | undefined,
): Vapi.CallCostsItem[] {
  const minutes = round6(durationMs / 60_000);
  const items: Vapi.CallCostsItem[] = [];
  if (transportProvider) {
    items.push({
      type: 'transport',
      provider: transportProvider,
      minutes,
      cost: breakdown.transport,
    });
  }
  items.push(
    {
      type: 'transcriber',
      transcriber: { provider: 'deepgram', model: transcriber },
      minutes,
      cost: breakdown.stt,
    },
    {
      type: 'model',
      model: { provider: 'openai', model },
      promptTokens: breakdown.llmPromptTokens,
      completionTokens: breakdown.llmCompletionTokens,
      cost: breakdown.llm,
    },
    { type: 'voice', voice, characters: breakdown.ttsCharacters, cost: breakdown.tts },
    { type: 'vapi', subType: 'normal', minutes, cost: breakdown.vapi },
  );
  return items;
}
