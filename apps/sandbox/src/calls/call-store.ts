import type { Vapi } from '@vapi-ai/server-sdk';
import { demoCallId, demoCallIndex } from '../lib/ids';
import { hash32 } from '../lib/random';
import { reasonSpec } from '../demo/call-plan';
import type { Catalog, TimeRangeFilter } from '../demo/catalog';
import { costJitter, updatedAtOf, type CallIndex } from '../demo/call-index';
import { computeCostBreakdown, pricedModel, type CostBreakdown } from '../demo/costs';
import { callerNumber } from '../demo/fake-data';
import { CALL_TYPES, WEB } from '../demo/profiles';
import {
  endedCall,
  voiceConfigFromProfile,
  type AssistantVoiceConfig,
  type CallDraft,
  type MaterializeContext,
  type SandboxCall,
} from './materialize';

// Every call the sandbox knows: the generated history (a compact index, materialised on demand)
// and the calls created while it runs (simulated and web calls, kept as objects). Lists merge
// the two by createdAt, newest first, and only materialise what they return.

export const ALL_TIME: TimeRangeFilter = { min: -Infinity, max: Infinity };

export interface CallFilter {
  createdAt: TimeRangeFilter;
  updatedAt: TimeRangeFilter;
  ids?: readonly string[];
  assistantIds?: readonly string[];
  phoneNumberIds?: readonly string[];
  customerNumbers?: readonly string[];
  endedReasons?: readonly string[];
  successEvaluation?: string;
  costMin?: number;
  costMax?: number;
}

/** Read access to one set of calls by position; positions are sorted by createdAt. */
export interface CallSource {
  readonly size: number;
  readonly maxLagMs: number;
  createdAt(i: number): number;
  updatedAt(i: number): number;
  isDeleted(i: number): boolean;
  id(i: number): string;
  assistantId(i: number): string | undefined;
  phoneNumberId(i: number): string | undefined;
  endedReason(i: number): string | undefined;
  successEvaluation(i: number): string | undefined;
  /** Seconds between startedAt and endedAt; undefined while the call has not ended. */
  durationSeconds(i: number): number | undefined;
  cost(i: number): number | undefined;
  costBreakdown(i: number): Partial<CostBreakdown> | undefined;
  customerNumber(i: number): string | undefined;
  type(i: number): string;
  status(i: number): string;
  call(i: number): SandboxCall;
}

/** First position whose createdAt is ≥ `at`. */
function lowerBound(source: CallSource, at: number): number {
  let low = 0;
  let high = source.size;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (source.createdAt(mid) < at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Last position whose createdAt is ≤ `at` (−1 when none). */
function upperIndex(source: CallSource, at: number): number {
  if (at === Infinity) return source.size - 1;
  return lowerBound(source, Math.floor(at) + 1) - 1;
}

interface DemoOverlay {
  name?: string;
  updatedAt: number;
}

export class DemoCalls implements CallSource {
  private readonly overlay = new Map<number, DemoOverlay>();
  private deleted: Uint8Array | undefined;
  private readonly configs: AssistantVoiceConfig[];
  private lag: number;

  constructor(
    private readonly seed: number,
    private readonly index: CallIndex,
    private readonly catalog: Catalog,
    private readonly ctx: MaterializeContext,
  ) {
    this.configs = catalog.profiles.map(voiceConfigFromProfile);
    this.lag = index.maxLagMs;
  }

  get size(): number {
    return this.index.count;
  }

  get maxLagMs(): number {
    return this.lag;
  }

  createdAt(i: number): number {
    return this.index.createdAt[i] ?? 0;
  }

  updatedAt(i: number): number {
    return this.overlay.get(i)?.updatedAt ?? updatedAtOf(this.index, this.seed, i);
  }

  isDeleted(i: number): boolean {
    return this.deleted !== undefined && this.deleted[i] === 1;
  }

  id(i: number): string {
    return demoCallId(this.seed, i);
  }

  /** Position of a demo call id, or undefined. */
  find(id: string): number | undefined {
    const i = demoCallIndex(this.seed, id, this.index.count);
    return i === undefined || this.isDeleted(i) ? undefined : i;
  }

  private business(i: number): number {
    return this.index.business[i] ?? 0;
  }

  assistantId(i: number): string | undefined {
    return this.catalog.demoAssistantIds[this.business(i)];
  }

  phoneNumberId(i: number): string | undefined {
    if (this.index.type[i] === WEB) return undefined;
    return this.catalog.demoPhoneNumberIds[this.business(i)];
  }

  endedReason(i: number): string | undefined {
    return reasonSpec(this.index.reason[i] ?? 0).reason;
  }

  successEvaluation(i: number): string | undefined {
    const success = this.index.success[i] ?? -1;
    return success < 0 ? undefined : success === 1 ? 'true' : 'false';
  }

  durationSeconds(i: number): number {
    return (this.index.durationMs[i] ?? 0) / 1000;
  }

  costBreakdown(i: number): CostBreakdown {
    const profile = this.catalog.profiles[this.business(i)];
    return computeCostBreakdown(
      this.index.durationMs[i] ?? 0,
      this.index.type[i] ?? 0,
      pricedModel(profile?.model),
      costJitter(this.seed, i),
    );
  }

  cost(i: number): number {
    return this.costBreakdown(i).total;
  }

  customerNumber(i: number): string | undefined {
    if (this.index.type[i] === WEB) return undefined;
    const business = this.business(i);
    const profile = this.catalog.profiles[business];
    return callerNumber(business, this.index.caller[i] ?? 0, profile?.areaCodes ?? []);
  }

  type(i: number): string {
    return CALL_TYPES[this.index.type[i] ?? 0] ?? 'webCall';
  }

  status(): string {
    return 'ended';
  }

  draft(i: number): CallDraft {
    const business = this.business(i);
    const profile = this.catalog.profiles[business];
    const config = this.configs[business];
    if (!profile || !config) throw new Error(`demo call ${i} has no business`);
    const overlay = this.overlay.get(i);
    const phoneId = this.catalog.demoPhoneNumberIds[business];
    return {
      id: this.id(i),
      orgId: this.catalog.orgId,
      createdAt: this.createdAt(i),
      ringMs: this.index.ringMs[i] ?? 0,
      durationMs: this.index.durationMs[i] ?? 0,
      updatedAt: this.updatedAt(i),
      type: this.index.type[i] ?? 0,
      reasonIndex: this.index.reason[i] ?? 0,
      success: this.index.success[i] ?? -1,
      profile,
      businessIndex: business,
      scenarioIndex: this.index.scenario[i] ?? 0,
      callerIndex: this.index.caller[i] ?? 0,
      callerAreaCodes: profile.areaCodes,
      contentSeed: hash32(this.seed, 0xc0de, i),
      costJitter: costJitter(this.seed, i),
      config,
      assistantId: this.assistantId(i),
      phoneNumber: phoneId ? this.catalog.phoneNumbers.get(phoneId) : undefined,
      ...(overlay?.name !== undefined ? { name: overlay.name } : {}),
    };
  }

  call(i: number): SandboxCall {
    return endedCall(this.draft(i), this.ctx);
  }

  rename(i: number, name: string, now: number): void {
    const updatedAt = Math.max(now, this.updatedAt(i) + 1);
    this.overlay.set(i, { name, updatedAt });
    this.lag = Math.max(this.lag, updatedAt - this.createdAt(i));
  }

  remove(i: number): void {
    this.deleted ??= new Uint8Array(this.index.count);
    this.deleted[i] = 1;
  }
}

interface LiveEntry {
  call: SandboxCall;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
}

function parseTime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

export class LiveCalls implements CallSource {
  private readonly entries: LiveEntry[] = [];
  private readonly byId = new Map<string, LiveEntry>();
  private lag = 0;

  get size(): number {
    return this.entries.length;
  }

  get maxLagMs(): number {
    return this.lag;
  }

  private entry(i: number): LiveEntry {
    const entry = this.entries[i];
    if (!entry) throw new Error(`no live call at ${i}`);
    return entry;
  }

  has(createdAt: number): boolean {
    const i = lowerBound(this, createdAt);
    return i < this.entries.length && this.createdAt(i) === createdAt;
  }

  get(id: string): SandboxCall | undefined {
    const entry = this.byId.get(id);
    return entry && !entry.deleted ? entry.call : undefined;
  }

  /** Position of a live call (createdAt values are unique). */
  find(id: string): number | undefined {
    const entry = this.byId.get(id);
    if (!entry || entry.deleted) return undefined;
    const i = lowerBound(this, entry.createdAt);
    return this.entries[i] === entry ? i : this.entries.indexOf(entry);
  }

  /** Adds a call or replaces it (same id); createdAt never changes. */
  upsert(call: SandboxCall): void {
    const createdAt = parseTime(call.createdAt) ?? Date.now();
    const updatedAt = parseTime(call.updatedAt) ?? createdAt;
    const existing = this.byId.get(call.id);
    if (existing) {
      existing.call = call;
      existing.updatedAt = updatedAt;
    } else {
      const entry: LiveEntry = { call, createdAt, updatedAt, deleted: false };
      this.entries.splice(lowerBound(this, createdAt + 1), 0, entry);
      this.byId.set(call.id, entry);
    }
    this.lag = Math.max(this.lag, updatedAt - createdAt);
  }

  remove(id: string): SandboxCall | undefined {
    const entry = this.byId.get(id);
    if (!entry || entry.deleted) return undefined;
    entry.deleted = true;
    return entry.call;
  }

  createdAt(i: number): number {
    return this.entry(i).createdAt;
  }

  updatedAt(i: number): number {
    return this.entry(i).updatedAt;
  }

  isDeleted(i: number): boolean {
    return this.entry(i).deleted;
  }

  id(i: number): string {
    return this.entry(i).call.id;
  }

  assistantId(i: number): string | undefined {
    return this.entry(i).call.assistantId;
  }

  phoneNumberId(i: number): string | undefined {
    return this.entry(i).call.phoneNumberId;
  }

  endedReason(i: number): string | undefined {
    return this.entry(i).call.endedReason;
  }

  successEvaluation(i: number): string | undefined {
    return this.entry(i).call.analysis?.successEvaluation;
  }

  durationSeconds(i: number): number | undefined {
    const { call } = this.entry(i);
    const started = parseTime(call.startedAt);
    const ended = parseTime(call.endedAt);
    return started === undefined || ended === undefined ? undefined : (ended - started) / 1000;
  }

  cost(i: number): number | undefined {
    return this.entry(i).call.cost;
  }

  costBreakdown(i: number): Partial<CostBreakdown> | undefined {
    return this.entry(i).call.costBreakdown;
  }

  customerNumber(i: number): string | undefined {
    return this.entry(i).call.customer?.number;
  }

  type(i: number): string {
    return this.entry(i).call.type ?? 'webCall';
  }

  status(i: number): string {
    return this.entry(i).call.status ?? 'queued';
  }

  call(i: number): SandboxCall {
    return this.entry(i).call;
  }
}

export interface CallRef {
  source: CallSource;
  i: number;
}

export type SortBy = 'createdAt' | 'duration' | 'cost';
export type SortOrder = 'ASC' | 'DESC';

export interface PageQuery {
  filter: CallFilter;
  page: number;
  limit: number;
  sortBy: SortBy;
  sortOrder: SortOrder;
}

export interface Page {
  results: SandboxCall[];
  metadata: Vapi.PaginationMeta;
}

function matchesAny(value: string | undefined, allowed: readonly string[] | undefined): boolean {
  return allowed === undefined || (value !== undefined && allowed.includes(value));
}

function inRange(value: number, range: TimeRangeFilter): boolean {
  return value >= range.min && value <= range.max;
}

/** Whether a call matches every criterion except the createdAt range (handled by the scan). */
function matches(source: CallSource, i: number, filter: CallFilter): boolean {
  if (source.isDeleted(i)) return false;
  const { updatedAt } = filter;
  if (
    (updatedAt.min > -Infinity || updatedAt.max < Infinity) &&
    !inRange(source.updatedAt(i), updatedAt)
  ) {
    return false;
  }
  if (filter.ids && !filter.ids.includes(source.id(i))) return false;
  if (!matchesAny(source.assistantId(i), filter.assistantIds)) return false;
  if (!matchesAny(source.phoneNumberId(i), filter.phoneNumberIds)) return false;
  if (!matchesAny(source.endedReason(i), filter.endedReasons)) return false;
  if (
    filter.successEvaluation !== undefined &&
    source.successEvaluation(i) !== filter.successEvaluation
  ) {
    return false;
  }
  if (filter.customerNumbers) {
    // Compared by digits: a raw "+" in a query string arrives as a space.
    const digits = source.customerNumber(i)?.replace(/\D/g, '');
    if (!digits || !filter.customerNumbers.some((n) => n.replace(/\D/g, '') === digits))
      return false;
  }
  if (filter.costMin !== undefined || filter.costMax !== undefined) {
    const cost = source.cost(i);
    if (cost === undefined) return false;
    if (filter.costMin !== undefined && cost < filter.costMin) return false;
    if (filter.costMax !== undefined && cost > filter.costMax) return false;
  }
  return true;
}

export class CallStore {
  readonly live = new LiveCalls();

  constructor(readonly demo: DemoCalls) {}

  find(id: string): CallRef | undefined {
    const demoIndex = this.demo.find(id);
    if (demoIndex !== undefined) return { source: this.demo, i: demoIndex };
    const liveIndex = this.live.find(id);
    return liveIndex === undefined ? undefined : { source: this.live, i: liveIndex };
  }

  get(id: string): SandboxCall | undefined {
    const ref = this.find(id);
    return ref ? ref.source.call(ref.i) : undefined;
  }

  /** A createdAt no other call has, so createdAt paging never skips or repeats a call. */
  uniqueCreatedAt(at: number): number {
    let candidate = Math.floor(at);
    for (;;) {
      const d = lowerBound(this.demo, candidate);
      const takenByDemo = d < this.demo.size && this.demo.createdAt(d) === candidate;
      if (!takenByDemo && !this.live.has(candidate)) return candidate;
      candidate += 1;
    }
  }

  /**
   * Visits matching calls in createdAt order (newest first unless `ascending`) until `visit`
   * returns false. A two-way merge of the demo index and the live calls, allocation-free per
   * call, so it can run over millions of calls.
   */
  scan(
    filter: CallFilter,
    ascending: boolean,
    visit: (source: CallSource, i: number) => boolean,
  ): void {
    if (filter.ids) {
      const refs = filter.ids
        .map((id) => this.find(id))
        .filter((ref): ref is CallRef => ref !== undefined)
        .filter((ref) => inRange(ref.source.createdAt(ref.i), filter.createdAt))
        .filter((ref) => matches(ref.source, ref.i, filter))
        .sort((a, b) => {
          const order = a.source.createdAt(a.i) - b.source.createdAt(b.i);
          return ascending ? order : -order;
        });
      for (const ref of refs) if (!visit(ref.source, ref.i)) return;
      return;
    }
    const { demo, live } = this;
    const { min, max } = filter.createdAt;
    const step = ascending ? 1 : -1;
    let d = ascending ? lowerBound(demo, min) : upperIndex(demo, max);
    let l = ascending ? lowerBound(live, min) : upperIndex(live, max);
    // Newest first with an updatedAt lower bound: older calls cannot have been updated recently
    // enough once createdAt is more than the longest call lifetime behind it.
    const demoFloor = Math.max(min, ascending ? -Infinity : filter.updatedAt.min - demo.maxLagMs);
    const liveFloor = Math.max(min, ascending ? -Infinity : filter.updatedAt.min - live.maxLagMs);
    const usable = (source: CallSource, position: number, floor: number): number => {
      if (position < 0 || position >= source.size) return NaN;
      const at = source.createdAt(position);
      return (ascending ? at > max : at < floor) ? NaN : at;
    };
    let demoAt = usable(demo, d, demoFloor);
    let liveAt = usable(live, l, liveFloor);
    for (;;) {
      const demoOk = !Number.isNaN(demoAt);
      const liveOk = !Number.isNaN(liveAt);
      if (!demoOk && !liveOk) return;
      const takeDemo = demoOk && (!liveOk || (ascending ? demoAt < liveAt : demoAt > liveAt));
      if (takeDemo) {
        const position = d;
        d += step;
        demoAt = usable(demo, d, demoFloor);
        if (matches(demo, position, filter) && !visit(demo, position)) return;
      } else {
        const position = l;
        l += step;
        liveAt = usable(live, l, liveFloor);
        if (matches(live, position, filter) && !visit(live, position)) return;
      }
    }
  }

  /** GET /call: newest first (oldest first when `ascending`), at most `limit`. */
  list(filter: CallFilter, limit: number, ascending = false): SandboxCall[] {
    const results: SandboxCall[] = [];
    if (limit <= 0) return results;
    this.scan(filter, ascending, (source, i) => {
      results.push(source.call(i));
      return results.length < limit;
    });
    return results;
  }

  /** GET /v2/call: one page plus totals. */
  page(query: PageQuery): Page {
    const { limit, page } = query;
    const offset = (page - 1) * limit;
    const ascending = query.sortOrder === 'ASC';
    let total = 0;
    let results: SandboxCall[] = [];
    if (query.sortBy === 'createdAt') {
      this.scan(query.filter, ascending, (source, i) => {
        if (total >= offset && total < offset + limit) results.push(source.call(i));
        total += 1;
        return true;
      });
    } else {
      // Collect (source, position, key) column-wise, then sort positions by key.
      const sources: CallSource[] = [];
      const positions: number[] = [];
      const keys: number[] = [];
      const byCost = query.sortBy === 'cost';
      this.scan(query.filter, false, (source, i) => {
        sources.push(source);
        positions.push(i);
        keys.push((byCost ? source.cost(i) : source.durationSeconds(i)) ?? -1);
        return true;
      });
      total = positions.length;
      const order = new Uint32Array(total);
      for (let n = 0; n < total; n++) order[n] = n;
      const direction = ascending ? 1 : -1;
      // Ties keep newest-first order.
      order.sort((a, b) => direction * ((keys[a] ?? 0) - (keys[b] ?? 0)) || a - b);
      results = Array.from(order.subarray(offset, offset + limit), (n) => {
        const source = sources[n];
        if (!source) throw new Error('page index out of range');
        return source.call(positions[n] ?? 0);
      });
    }
    const totalPages = limit > 0 ? Math.ceil(total / limit) : 0;
    return {
      results,
      metadata: {
        itemsPerPage: limit,
        totalItems: total,
        currentPage: page,
        totalPages,
        hasNextPage: page < totalPages,
        sortOrder: query.sortOrder,
      },
    };
  }

  rename(id: string, name: string, now = Date.now()): SandboxCall | undefined {
    const ref = this.find(id);
    if (!ref) return undefined;
    if (ref.source === this.demo) {
      this.demo.rename(ref.i, name, now);
      return this.demo.call(ref.i);
    }
    const call = ref.source.call(ref.i);
    const previous = Date.parse(call.updatedAt);
    const updated = {
      ...call,
      name,
      updatedAt: new Date(Math.max(now, previous + 1)).toISOString(),
    };
    this.live.upsert(updated);
    return updated;
  }

  remove(id: string): SandboxCall | undefined {
    const ref = this.find(id);
    if (!ref) return undefined;
    const call = ref.source.call(ref.i);
    if (ref.source === this.demo) this.demo.remove(ref.i);
    else this.live.remove(id);
    return call;
  }

  /** Demo-call id for a position (tests and benchmarks). */
  demoId(i: number): string {
    return this.demo.id(i);
  }
}
