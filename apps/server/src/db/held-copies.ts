import type { ChangeNotices } from './change-notices';

/** The longest a held copy answers without being read again, whatever the notices say. */
export const HELD_COPY_MS = 5000;

type Held<V> = { value: V; tags: readonly string[]; until: number };

/** What a copy is held under: the tags a notice names, and when it stops answering anyway. */
export type HoldAs = { tags: readonly string[]; notAfter?: number };

/**
 * Copies of database reads held in this process (decision 081): each under its key with the
 * tags a change notice names (a user, a business, a scope); a notice naming a tag drops the
 * copies that carry it, a lost LISTEN drops them all, and none answers for longer than
 * `maxAgeMs`. Nothing is held while the notices are not heard (PGlite, a dropped connection),
 * and a read during which any notice arrived is not kept (it may predate the change).
 */
export class HeldCopies<V> {
  private readonly entries = new Map<string, Held<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Counts the drops: a read that a drop overlapped is not kept. */
  private drops = 0;

  constructor(
    private readonly notices: ChangeNotices,
    private readonly maxEntries: number,
    private readonly maxAgeMs = HELD_COPY_MS,
    private readonly now: () => number = Date.now,
  ) {
    notices.onReset(() => this.clear());
  }

  /** The held copy under `key`, else `read()`'s answer (held when it is safe to). */
  async get(
    key: string,
    read: () => Promise<V | undefined>,
    holdAs: (value: V) => HoldAs,
  ): Promise<V | undefined> {
    const held = this.entries.get(key);
    if (held && this.notices.listening && held.until > this.now()) return held.value;
    if (held) this.drop(key);
    const generation = this.notices.generation;
    const drops = this.drops;
    const value = await read();
    if (
      value !== undefined &&
      this.notices.listening &&
      this.notices.generation === generation &&
      this.drops === drops
    ) {
      this.hold(key, value, holdAs(value));
    }
    return value;
  }

  /** Drops every copy carrying `tag`; `*` drops them all. */
  forget(tag: string) {
    if (tag === '*') return this.clear();
    this.drops += 1;
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.drop(key);
  }

  clear() {
    this.drops += 1;
    this.entries.clear();
    this.byTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private hold(key: string, value: V, { tags, notAfter }: HoldAs) {
    this.drop(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    const until = Math.min(this.now() + this.maxAgeMs, notAfter ?? Infinity);
    this.entries.set(key, { value, tags, until });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private drop(key: string) {
    const held = this.entries.get(key);
    if (!held) return;
    this.entries.delete(key);
    for (const tag of held.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
