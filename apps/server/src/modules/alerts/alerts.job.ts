import type { FastifyBaseLogger } from 'fastify';
import { LOCK_KEYS, type Database } from '../../db/client';
import type { AlertsService } from './alerts.service';
import type { DigestService } from './digest.service';

const ROUND_MS = 60_000;

/**
 * The alerts' schedule (decision 062): every minute, one evaluation round and one digest round,
 * each under its own advisory lock (decision 015's rule for background work), so with N instances
 * one evaluates while the others skip. Never run per request. Starts on listen; tests drive
 * `round()` themselves.
 */
export class AlertsJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      tryWithLock: Database['tryWithLock'];
      alerts: AlertsService;
      digests: DigestService;
      log: FastifyBaseLogger;
      intervalMs?: number;
    },
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.round(), this.deps.intervalMs ?? ROUND_MS);
    this.timer.unref();
    void this.round();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round (a round still running is awaited, not doubled). Answers what each lock gave. */
  round(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async work() {
    const { tryWithLock, alerts, digests, log } = this.deps;
    try {
      await tryWithLock(LOCK_KEYS.alerts, () => alerts.evaluateAll());
    } catch (error) {
      log.warn({ err: error }, 'alert round failed');
    }
    try {
      await tryWithLock(LOCK_KEYS.digests, () => digests.sendDue());
    } catch (error) {
      log.warn({ err: error }, 'digest round failed');
    }
  }
}
