/**
 * Runs `run` one at a time: asked while a run is under way, it answers that run and runs once
 * more after it ends (however many asked), so work that arrived meanwhile is not left waiting.
 */
export class OneRunAtATime<T> {
  private current: Promise<T> | undefined;
  private again = false;

  constructor(private readonly run: () => Promise<T>) {}

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

  /** Waits for the run under way, if any (its failure is its caller's, not this one's). */
  async settled(): Promise<void> {
    await this.current?.catch(() => undefined);
  }
}
