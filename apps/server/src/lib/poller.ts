/**
 * A worker's runs of `run`: every `everyMs` once started, and when asked; one at a time. Asked
 * while a run is under way, it answers that run and runs once more after it ends (however many
 * asked), so work that arrived meanwhile is not left waiting for the next tick.
 */
export class Poller<T> {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<T> | undefined;
  private again = false;

  constructor(
    private readonly run: () => Promise<T>,
    private readonly everyMs: number,
  ) {}

  get started(): boolean {
    return this.timer !== undefined;
  }

  /** Runs now and every `everyMs` (the timer does not keep the process alive). */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.request(), this.everyMs);
    this.timer.unref();
    void this.request();
  }

  /** No more ticks; answers once the run under way, if any, has ended (whatever its outcome). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
  }

  /** A run right after the current tick, unless stopped by then; nothing when not started. */
  soon() {
    if (!this.timer) return;
    setImmediate(() => {
      if (this.timer) void this.request();
    });
  }

  /** Starts a run, or asks for one more after the run under way; answers the run under way. */
  request(): Promise<T> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = this.run().finally(() => {
      this.current = undefined;
      if (this.again) {
        this.again = false;
        void this.request();
      }
    });
    return this.current;
  }
}
