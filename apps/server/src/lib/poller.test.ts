import { describe, expect, it } from 'vitest';
import { Poller } from './poller';

/** A run the test ends by hand, counting how many began. */
function manualRuns() {
  const ends: Array<(value: number) => void> = [];
  let began = 0;
  const run = () =>
    new Promise<number>((resolve) => {
      began += 1;
      ends.push(resolve);
    });
  return { run, ends, began: () => began };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Poller', () => {
  it('runs one at a time, and once more after a run that was asked for again meanwhile', async () => {
    const runs = manualRuns();
    const poller = new Poller(runs.run, 60_000);
    const first = poller.request();
    expect(poller.request()).toBe(first);
    expect(poller.request()).toBe(first);
    expect(runs.began()).toBe(1);
    runs.ends[0]!(7);
    expect(await first).toBe(7);
    await settle();
    // The two asks during the first run made one more run, not two.
    expect(runs.began()).toBe(2);
    runs.ends[1]!(0);
    await settle();
    expect(runs.began()).toBe(2);
  });

  it('runs on start, and soon() only while started; stop waits for the run under way', async () => {
    const runs = manualRuns();
    const poller = new Poller(runs.run, 60_000);
    poller.soon();
    await settle();
    expect(runs.began()).toBe(0);
    poller.start();
    expect(poller.started).toBe(true);
    expect(runs.began()).toBe(1);
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    runs.ends[0]!(1);
    await stopping;
    expect(poller.started).toBe(false);
    poller.soon();
    await settle();
    expect(runs.began()).toBe(1);
  });
});
