import os from 'node:os';

/** One measured case: its percentiles over `runs` samples, in milliseconds. */
export type Stat = {
  db: string;
  path: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
};

/** The process's resident memory, MB. */
export const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/** The machine's 1-minute load average: other work on a shared machine shows up here. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(1);

/** Milliseconds for a table: whole numbers from 100 up, one decimal below. */
export const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** Nearest-rank percentile of ascending samples. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** The p50, p95 and p99 of samples in any order. */
export function percentiles(samples: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** Collects the measurements of a run, logs each as it comes and prints them as one table. */
export class Results {
  readonly list: Stat[] = [];

  record(db: string, what: string, samples: number[]): Stat {
    const stat: Stat = {
      db,
      path: what,
      runs: samples.length,
      ...percentiles(samples),
      mean: samples.reduce((sum, s) => sum + s, 0) / samples.length,
    };
    this.list.push(stat);
    console.log(
      `[${db}] ${what}: ${stat.runs} runs, p50 ${fmt(stat.p50)} ms, p95 ${fmt(stat.p95)} ms, ` +
        `p99 ${fmt(stat.p99)} ms, mean ${fmt(stat.mean)} ms (RSS ${mb()} MB, load ${loadAverage()})`,
    );
    return stat;
  }

  /** The first measurement of `db` whose path starts with `prefix`. */
  find(db: string, prefix: string): Stat | undefined {
    return this.list.find((r) => r.db === db && r.path.startsWith(prefix));
  }

  printTable(): void {
    console.log('\n| database | path | runs | p50 ms | p95 ms | p99 ms | mean ms |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const r of this.list) {
      console.log(
        `| ${r.db} | ${r.path} | ${r.runs} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.mean)} |`,
      );
    }
  }
}
