/**
 * Pages one of the platform's lists (GET /call, /assistant, /phone-number) to the end, whatever
 * order the platform answers in. Those lists take `limit` and createdAt bounds but their
 * document states no order: an answer may be newest first or oldest first. So each request asks
 * for a createdAt window, and the page it gets narrows the window on the side the page came
 * from: a newest-first page leaves what is older than its oldest row, an oldest-first page what
 * is newer than its newest row. The bound is inclusive (calls may share a millisecond), and the
 * rows already taken at it are skipped, so a row at a page edge is neither lost nor taken twice.
 * A page whose rows all share one instant tells no order: both sides and the instant itself
 * are asked apart.
 */

export type Dated = { id: string; createdAt: string };

/** The createdAt bounds of one request, as the platform's list parameters. */
export type PageWindow = {
  createdAtGe?: string;
  createdAtGt?: string;
  createdAtLe?: string;
  createdAtLt?: string;
};

type Window = {
  /** Lower bound, inclusive unless `fromExclusive`. */
  from?: string;
  fromExclusive?: boolean;
  /** Upper bound, inclusive unless `toExclusive`. */
  to?: string;
  toExclusive?: boolean;
  /** Rows already taken that sit on one of the bounds (id → createdAt in ms). */
  taken: Map<string, number>;
};

function toParams(window: Window): PageWindow {
  return {
    ...(window.from !== undefined
      ? window.fromExclusive
        ? { createdAtGt: window.from }
        : { createdAtGe: window.from }
      : {}),
    ...(window.to !== undefined
      ? window.toExclusive
        ? { createdAtLt: window.to }
        : { createdAtLe: window.to }
      : {}),
  };
}

export class CreatedAtPager<T extends Dated> {
  /**
   * True once a window could not be read to its end: a full page with nothing new in it (more
   * rows share one createdAt than a page holds). A caller must not treat the listing as whole.
   */
  truncated = false;
  /** Requests made so far. */
  requests = 0;

  constructor(
    private readonly fetchPage: (window: PageWindow, limit: number) => Promise<T[]>,
    private readonly pageSize: number,
  ) {}

  /**
   * The rows, one page at a time, each row once. The next request is sent before a page is
   * handed out, so the platform's answer travels while the caller writes this one.
   */
  async *pages(): AsyncGenerator<T[]> {
    const windows: Window[] = [];
    let current: { window: Window; answer: Promise<T[]> } | undefined = this.request({
      taken: new Map(),
    });
    while (current) {
      const { window } = current;
      const page = await current.answer;
      const fresh = page.filter((row) => !window.taken.has(row.id));
      if (page.length >= this.pageSize) {
        if (fresh.length === 0) this.truncated = true;
        else windows.push(...this.narrow(window, page));
      }
      const next = windows.pop();
      current = next ? this.request(next) : undefined;
      // Handled when awaited on the next turn; this only keeps an early failure from being
      // reported as unhandled while the caller is still busy with this page.
      current?.answer.catch(() => undefined);
      yield fresh;
    }
  }

  private request(window: Window) {
    this.requests += 1;
    return { window, answer: this.fetchPage(toParams(window), this.pageSize) };
  }

  /** What is left of a window after a full page of it. */
  private narrow(window: Window, page: T[]): Window[] {
    const times = page.map((row) => Date.parse(row.createdAt));
    const first = times[0]!;
    const last = times.at(-1)!;
    const oldest = page[times.indexOf(Math.min(...times))]!.createdAt;
    const newest = page[times.indexOf(Math.max(...times))]!.createdAt;
    // Everything taken so far that sits on the given instant: skipped when it is a bound.
    const takenAt = (instant: string) => {
      const at = Date.parse(instant);
      const taken = new Map<string, number>();
      for (const [id, time] of window.taken) if (time === at) taken.set(id, time);
      page.forEach((row, index) => {
        if (times[index] === at) taken.set(row.id, at);
      });
      return taken;
    };
    const lower = {
      ...(window.from !== undefined
        ? { from: window.from, fromExclusive: window.fromExclusive ?? false }
        : {}),
    };
    const upper = {
      ...(window.to !== undefined
        ? { to: window.to, toExclusive: window.toExclusive ?? false }
        : {}),
    };
    const older: Window = { ...lower, to: oldest, taken: takenAt(oldest) };
    if (window.from !== undefined && !window.fromExclusive) {
      for (const [id, time] of takenAt(window.from)) older.taken.set(id, time);
    }
    const newer: Window = { from: newest, ...upper, taken: takenAt(newest) };
    if (window.to !== undefined && !window.toExclusive) {
      for (const [id, time] of takenAt(window.to)) newer.taken.set(id, time);
    }
    if (first > last) return [older];
    if (first < last) return [newer];
    // One instant only: the order is not told, and the rest may be on either side or at the
    // instant itself. Ask for the three apart, so a crowd at one instant cannot hide the rest.
    const windows: Window[] = [];
    const before = window.from === undefined || Date.parse(window.from) < first;
    const after = window.to === undefined || Date.parse(window.to) > first;
    if (after) windows.push({ ...newer, fromExclusive: true });
    if (before) windows.push({ ...older, toExclusive: true, taken: new Map() });
    windows.push({ from: oldest, to: oldest, taken: takenAt(oldest) });
    return windows;
  }
}
