import { randomUUID } from 'node:crypto';
import type { Vapi } from '@vapi-ai/server-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../demo/catalog';
import { resourceBadRequest, type ResourceItem } from '../http/document-resource';
import { hash32, mulberry32 } from '../lib/random';
import type { CallSimulator, OutboundScenario, SupportedEndedReason } from './simulator';

// The platform's campaigns, run: at `schedulePlan.earliestAt` the campaign goes in progress and
// dials its customers, at most `maxConcurrency` at a time (default 10), through the same
// outbound-call simulation as POST /call; it stops dialling at `latestAt` or when cancelled
// (calls under way finish) and ends when its last call has ended. Each number's outcome is
// fixed by the seed and the number, so a test can rely on it. The org's concurrency limit
// holds calls beyond it (the document's schedulePlan: "retried for up to one hour as capacity
// becomes available"): a call waits for a free line, and calls still unplaced an hour after the
// campaign was first held, or at latestAt, are not placed.

export type CampaignItem = ResourceItem &
  Record<string, unknown> & {
    status: 'scheduled' | 'in-progress' | 'ended' | 'cancelled' | 'archived';
    endedReason?: string;
    calls: Record<string, { number: string; status: string; endedReason?: string }>;
    callsCounterScheduled: number;
    callsCounterQueued: number;
    callsCounterInProgress: number;
    callsCounterEndedVoicemail: number;
    callsCounterEnded: number;
  };

/** CreateCampaignDTO.customers: "Maximum of 10000 customers per campaign". */
export const MAX_CAMPAIGN_CUSTOMERS = 10_000;
const DEFAULT_CONCURRENCY = 10;

type Customer = Vapi.CreateCustomerDto;
type Dial = { phoneNumberId: string; customer: Customer };

export interface CampaignOutcome {
  endedReason: SupportedEndedReason;
  scenario: OutboundScenario;
}

function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Numbers whose outcome is fixed by their last three digits, so a test can rely on it (the
 * sandbox's own rule; the platform has none). `attempt` is the how-manieth call this sandbox
 * places to the number (1 for the first).
 *
 * | ends in | every call                                   |
 * |---------|----------------------------------------------|
 * | 990     | no answer (`customer-did-not-answer`)        |
 * | 991     | busy (`customer-busy`)                       |
 * | 992     | voicemail (`voicemail`)                      |
 * | 993     | no answer on the first call, then answered and books an appointment |
 * | 994     | answered, books an appointment               |
 * | 995     | answered, leaves an enquiry                  |
 *
 * Any other number gets the seeded mix below.
 */
export function fixedCampaignOutcome(number: string, attempt: number): CampaignOutcome | undefined {
  switch (number.slice(-3)) {
    case '990':
      return { endedReason: 'customer-did-not-answer', scenario: 'none' };
    case '991':
      return { endedReason: 'customer-busy', scenario: 'none' };
    case '992':
      return { endedReason: 'voicemail', scenario: 'none' };
    case '993':
      return attempt <= 1
        ? { endedReason: 'customer-did-not-answer', scenario: 'none' }
        : { endedReason: 'customer-ended-call', scenario: 'book_appointment' };
    case '994':
      return { endedReason: 'customer-ended-call', scenario: 'book_appointment' };
    case '995':
      return { endedReason: 'customer-ended-call', scenario: 'create_enquiry' };
    default:
      return undefined;
  }
}

/**
 * What happens when a campaign dials `number`: the fixed rule above for its last digits, else
 * about half answer (of those, two in five book an
 * appointment and one in five leaves an enquiry), the rest reach voicemail, ring out, are busy
 * or fail to connect.
 */
export function campaignOutcome(seed: number, number: string, attempt = 1): CampaignOutcome {
  const fixed = fixedCampaignOutcome(number, attempt);
  if (fixed) return fixed;
  const rng = mulberry32(hash32(seed, 0xca11, hashText(number)));
  const r = rng();
  if (r < 0.14) return { endedReason: 'customer-did-not-answer', scenario: 'none' };
  if (r < 0.19) return { endedReason: 'customer-busy', scenario: 'none' };
  if (r < 0.37) return { endedReason: 'voicemail', scenario: 'none' };
  if (r < 0.44) return { endedReason: 'twilio-failed-to-connect-call', scenario: 'none' };
  const wants = rng();
  const scenario: OutboundScenario =
    wants < 0.4 ? 'book_appointment' : wants < 0.6 ? 'create_enquiry' : 'none';
  return { endedReason: 'customer-ended-call', scenario };
}

export class CampaignRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly stopped = new Set<string>();
  /** Calls placed to each number by this sandbox's campaigns (for the fixed outcomes). */
  private readonly dialled = new Map<string, number>();

  constructor(
    private readonly deps: {
      seed: number;
      catalog: Catalog;
      simulator: CallSimulator;
      items: Map<string, CampaignItem>;
      log: FastifyBaseLogger;
      now?: () => number;
      /** How long calls held by the org's concurrency limit wait for a line (default an hour). */
      holdMs?: number;
    },
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** The platform's rules for a new campaign, beyond the document's schema. */
  check(body: Record<string, unknown>): void {
    const { catalog } = this.deps;
    const targets = ['assistantId', 'workflowId', 'squadId'].filter((key) => body[key]);
    if (targets.length !== 1)
      resourceBadRequest('Exactly one of assistantId, workflowId or squadId must be provided.');
    const dialPlan = body.dialPlan as Vapi.DialPlanEntry[] | undefined;
    const customers = body.customers as Customer[] | undefined;
    if (body.phoneNumberId && dialPlan)
      resourceBadRequest('phoneNumberId and dialPlan are mutually exclusive.');
    if (!body.phoneNumberId && !dialPlan)
      resourceBadRequest('Either phoneNumberId or dialPlan must be provided.');
    if (!dialPlan && !customers?.length)
      resourceBadRequest('customers must be provided when dialPlan is not.');
    const total =
      (customers?.length ?? 0) +
      (dialPlan ?? []).reduce((sum, entry) => sum + entry.customers.length, 0);
    if (total > MAX_CAMPAIGN_CUSTOMERS)
      resourceBadRequest(`customers must contain no more than ${MAX_CAMPAIGN_CUSTOMERS} elements`);
    const phoneIds = [
      ...(typeof body.phoneNumberId === 'string' ? [body.phoneNumberId] : []),
      ...(dialPlan ?? []).map((entry) => entry.phoneNumberId),
    ];
    for (const id of phoneIds) {
      if (!catalog.phoneNumbers.has(id))
        resourceBadRequest(`Couldn't Get Phone Number. \`phoneNumberId\` ${id} Does Not Exist.`);
    }
    if (typeof body.assistantId === 'string' && !catalog.getAssistant(body.assistantId))
      resourceBadRequest(
        `Couldn't Get Assistant. \`assistantId\` ${body.assistantId} Does Not Exist.`,
      );
    if (typeof body.squadId === 'string' && !this.squadAssistant(body.squadId))
      resourceBadRequest(`Couldn't Get Squad. \`squadId\` ${body.squadId} Does Not Exist.`);
    if (typeof body.workflowId === 'string')
      resourceBadRequest(
        `Couldn't Get Workflow. \`workflowId\` ${body.workflowId} Does Not Exist.`,
      );
  }

  /** The assistant a squad's calls start with: its first member's. */
  private squadAssistant(squadId: string): string | undefined {
    const squad = this.deps.catalog
      .consoleItems<{ members?: { assistantId?: string }[] }>('/squad')
      .get(squadId);
    const first = squad?.members?.find((member) => member.assistantId)?.assistantId;
    return first && this.deps.catalog.getAssistant(first) ? first : undefined;
  }

  /** Counts a new campaign's customers and starts it at its earliest time. */
  start(item: CampaignItem): void {
    const dials = this.dialsOf(item);
    item.callsCounterScheduled = dials.length;
    const plan = item.schedulePlan as Vapi.SchedulePlan | undefined;
    const earliest = plan?.earliestAt ? Date.parse(plan.earliestAt) : this.now();
    const delay = Math.max(0, earliest - this.now());
    // Timers hold at most ~24.8 days; a campaign further out is checked again then.
    const timer = setTimeout(
      () => {
        this.timers.delete(item.id);
        if (delay > 2 ** 31 - 1) return this.start(this.current(item));
        void this.run(item.id, dials).catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'campaign run failed');
        });
      },
      Math.min(delay, 2 ** 31 - 1),
    );
    timer.unref();
    this.timers.set(item.id, timer);
  }

  /** PATCH status cancelled (or ended): no more dialling; scheduled calls are dropped. */
  cancel(item: CampaignItem): CampaignItem {
    this.stopped.add(item.id);
    const timer = this.timers.get(item.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(item.id);
    const wasRunning = item.status === 'in-progress';
    return {
      ...item,
      status: 'cancelled',
      endedReason: wasRunning
        ? 'campaign.in-progress.ended-by-user'
        : 'campaign.scheduled.ended-by-user',
    };
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const id of this.deps.items.keys()) this.stopped.add(id);
  }

  private current(item: CampaignItem): CampaignItem {
    return this.deps.items.get(item.id) ?? item;
  }

  /** Changes the stored campaign (what GET answers), if it is still there. */
  private change(id: string, edit: (item: CampaignItem) => void): void {
    const item = this.deps.items.get(id);
    if (!item) return;
    edit(item);
    item.updatedAt = new Date(Math.max(this.now(), Date.parse(item.updatedAt) + 1)).toISOString();
  }

  private dialsOf(item: CampaignItem): Dial[] {
    const dialPlan = item.dialPlan as Vapi.DialPlanEntry[] | undefined;
    if (dialPlan) {
      return dialPlan.flatMap((entry) =>
        entry.customers.map((customer) => ({ phoneNumberId: entry.phoneNumberId, customer })),
      );
    }
    return ((item.customers as Customer[] | undefined) ?? []).map((customer) => ({
      phoneNumberId: item.phoneNumberId as string,
      customer,
    }));
  }

  private async run(id: string, dials: Dial[]): Promise<void> {
    const start = this.deps.items.get(id);
    if (!start || this.stopped.has(id) || start.status !== 'scheduled') return;
    this.change(id, (item) => {
      item.status = 'in-progress';
    });
    const plan = start.schedulePlan as Vapi.SchedulePlan | undefined;
    const latest = plan?.latestAt ? Date.parse(plan.latestAt) : Infinity;
    const concurrency = Math.max(
      1,
      Math.floor(Number(start.maxConcurrency ?? DEFAULT_CONCURRENCY)),
    );
    const assistantId =
      typeof start.assistantId === 'string'
        ? start.assistantId
        : this.squadAssistant(String(start.squadId));
    let next = 0;
    // When the org's concurrency limit first held this campaign's calls back.
    let heldSince: number | undefined;
    const holdMs = this.deps.holdMs ?? 60 * 60_000;
    const worker = async () => {
      while (next < dials.length && !this.stopped.has(id) && this.now() < latest) {
        if (!this.deps.simulator.hasFreeLine()) {
          heldSince ??= this.now();
          const until = Math.min(latest, heldSince + holdMs);
          if (this.now() >= until) break;
          // Woken when a line frees, or each second to see the clock and a cancel.
          await this.deps.simulator.waitForLine(Math.min(1000, until - this.now()));
          continue;
        }
        const dial = dials[next]!;
        next += 1;
        await this.dial(id, dial, assistantId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, dials.length) }, worker));
    this.change(id, (item) => {
      if (item.status !== 'in-progress') return;
      item.status = 'ended';
      item.endedReason = 'campaign.ended.success';
    });
  }

  private async dial(id: string, dial: Dial, assistantId: string | undefined): Promise<void> {
    const phoneNumber = this.deps.catalog.phoneNumbers.get(dial.phoneNumberId);
    const number = dial.customer.number;
    if (!phoneNumber || !assistantId || !number) return;
    const attempt = (this.dialled.get(number) ?? 0) + 1;
    this.dialled.set(number, attempt);
    const outcome = campaignOutcome(this.deps.seed, number, attempt);
    const campaign = this.deps.items.get(id);
    // The campaign's overrides, with the customer's own deep-merged over them (its variables).
    const squad = typeof campaign?.squadId === 'string';
    const overrides = mergeOverrides(
      (squad ? campaign?.squadOverrides : campaign?.assistantOverrides) as
        | Vapi.AssistantOverrides
        | undefined,
      squad ? dial.customer.squadOverrides : dial.customer.assistantOverrides,
    );
    const { queued, ended } = this.deps.simulator.placeOutboundCall({
      id: randomUUID(),
      assistantId,
      phoneNumber,
      scenario: outcome.scenario,
      endedReason: outcome.endedReason,
      extra: {
        campaignId: id,
        customer: dial.customer,
        ...(overrides ? { assistantOverrides: overrides } : {}),
        ...(typeof campaign?.squadId === 'string' ? { squadId: campaign.squadId } : {}),
      },
    });
    this.change(id, (item) => {
      item.callsCounterQueued += 1;
      item.calls[queued.id] = { number, status: 'queued' };
    });
    const connected =
      outcome.endedReason !== 'customer-did-not-answer' &&
      outcome.endedReason !== 'customer-busy' &&
      outcome.endedReason !== 'twilio-failed-to-connect-call';
    if (connected) {
      this.change(id, (item) => {
        item.callsCounterInProgress += 1;
      });
    }
    const final = await ended;
    this.change(id, (item) => {
      item.callsCounterEnded += 1;
      if (final?.endedReason === 'voicemail') item.callsCounterEndedVoicemail += 1;
      item.calls[queued.id] = {
        number,
        status: 'ended',
        ...(final?.endedReason ? { endedReason: final.endedReason } : {}),
      };
    });
  }
}

/** A campaign's overrides and a customer's over them; variableValues merged key by key. */
function mergeOverrides(
  campaign: Vapi.AssistantOverrides | undefined,
  customer: Vapi.AssistantOverrides | undefined,
): Vapi.AssistantOverrides | undefined {
  if (!campaign && !customer) return undefined;
  return {
    ...campaign,
    ...customer,
    variableValues: { ...campaign?.variableValues, ...customer?.variableValues },
  };
}
