import type { FastifyBaseLogger } from 'fastify';
import type { CampaignsService } from './campaigns.service';

/**
 * The campaigns' background round (CampaignsService.work), every third of the lease: renews
 * this instance's leases, takes over campaigns a lost instance left (reconciled with the
 * platform), opens the next calling windows, applies the daily minute caps. Safe with several
 * instances: leases, `skip locked` and conditional updates decide who does what.
 */
export class CampaignWindowJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly deps: { campaigns: CampaignsService; log: FastifyBaseLogger }) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.deps.campaigns.tickMs);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.deps.campaigns
      .work((error, step) => {
        this.deps.log.warn({ err: error, step }, 'a campaign round step failed');
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
