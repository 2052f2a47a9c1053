import type { Vapi } from '@vapi-ai/server-sdk';
import { CallStore, DemoCalls } from '../calls/call-store';
import type { MaterializeContext } from '../calls/materialize';
import { Catalog } from '../demo/catalog';
import { generateCallIndex, type CallIndexParams } from '../demo/call-index';
import { CallerDirectory, createFaker } from '../demo/fake-data';
import { DEMO_PROFILES } from '../demo/profiles';

// Test data: the demo history for a fixed seed and "now", built without a server.

export const TEST_NOW = new Date('2025-06-01T12:00:00.000Z');
export const TEST_PUBLIC_URL = 'http://sandbox.test';

/**
 * The sandbox the contract suites check against the platform's SDK and document: the fixed
 * "now", 1,500 demo calls, and calls played in a few milliseconds.
 */
export const CONTRACT_SANDBOX = {
  now: TEST_NOW,
  totalCalls: 1500,
  simulator: { stepMs: 5, webCallMs: 5 },
};

/**
 * An assistant whose transferCall tool names no destination: a transfer asks its server where
 * to go (`transfer-destination-request`, when `serverMessages` lists it).
 */
export function transferringAssistant(
  server: Vapi.Server,
  serverMessages: Vapi.CreateAssistantDtoServerMessagesItem[],
): Vapi.CreateAssistantDto {
  return {
    name: 'Operator',
    firstMessage: 'Hello',
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      messages: [{ role: 'system', content: 'You put callers through.' }],
      tools: [{ type: 'transferCall' }],
    },
    server,
    serverMessages,
  };
}

export function buildDemo(overrides: Partial<CallIndexParams> = {}, serverUrl?: string) {
  const params: CallIndexParams = {
    seed: 42,
    nowMs: TEST_NOW.getTime(),
    days: 90,
    totalCalls: 6000,
    profiles: DEMO_PROFILES,
    ...overrides,
  };
  const index = generateCallIndex(params);
  const ctx: MaterializeContext = {
    callers: new CallerDirectory(params.seed),
    faker: createFaker(),
    publicUrl: () => TEST_PUBLIC_URL,
  };
  const catalog = new Catalog(
    params.seed,
    params.profiles,
    index.windowStart,
    serverUrl ? { url: serverUrl } : undefined,
  );
  const demo = new DemoCalls(params.seed, index, catalog, ctx);
  const store = new CallStore(demo);
  return { params, index, ctx, catalog, demo, store };
}
