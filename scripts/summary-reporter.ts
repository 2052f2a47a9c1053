import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints plain closing lines after Vitest's own summary, for CI logs and the tools that read
 * them: each project's wall time (from its first file's start to its last file's end: the
 * figure a slow CI run is explained by) and when it ran, counted from the reporter's start (so
 * the set-up before the first file and the gaps between groups show), and the ten slowest
 * files, then "Tests: N passed, N failed, N skipped". With TEST_TIMELINE=<file> it also writes
 * each file's start and end there (JSON), to see which files ran beside which.
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number }>();
  private readonly created = performance.now();
  /** Each file's start and end (ms from the reporter's start), for TEST_TIMELINE. */
  private readonly fileSpans = new Map<string, { project: string; start: number; end?: number }>();

  onTestModuleStart(module: TestModule) {
    const name = module.project.name || 'default';
    const now = performance.now();
    this.fileSpans.set(module.moduleId, {
      project: name,
      start: Math.round(now - this.created),
    });
    const span = this.spans.get(name);
    if (span) span.start = Math.min(span.start, now);
    else this.spans.set(name, { start: now, end: now });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name || 'default');
    if (span) span.end = Math.max(span.end, performance.now());
    const file = this.fileSpans.get(module.moduleId);
    if (file) file.end = Math.round(performance.now() - this.created);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && !module.children.size) failed += 1;
    }
    if (this.spans.size > 0) {
      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      const times = [...this.spans].map(
        ([name, span]) =>
          `${name} ${seconds(span.end - span.start)} s (${seconds(span.start - this.created)}–${seconds(span.end - this.created)})`,
      );
      process.stdout.write(`\nProject wall times: ${times.join(', ')}\n`);
      const slowest = [...testModules]
        .map((module) => ({ module, ms: module.diagnostic().duration }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10)
        .map(
          ({ module, ms }) =>
            `  ${(ms / 1000).toFixed(1)} s  ${module.project.name} ${module.relativeModuleId}`,
        );
      process.stdout.write(`Slowest files:\n${slowest.join('\n')}\n`);
    }
    const timeline = process.env.TEST_TIMELINE;
    if (timeline) {
      const root = process.cwd();
      const rows = [...this.fileSpans].map(([file, span]) => ({
        ...span,
        file: path.relative(root, file),
      }));
      fs.writeFileSync(timeline, `${JSON.stringify(rows, null, 1)}\n`);
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
