import type { FastifyBaseLogger } from 'fastify';
import type { CampaignsService } from './campaigns.service';

/** How often running campaigns are checked for a closed calling window. */
const POLL_MS = 60_000;

/**
 * Opens each running campaign's next calling window when the last one closed with numbers
 * still to call. Safe with several instances: each campaign is claimed by one conditional
 * update (CampaignsService.advanceWindows).
 */
export class CampaignWindowJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly deps: { campaigns: CampaignsService; log: FastifyBaseLogger }) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), POLL_MS);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.deps.campaigns
      .advanceWindows()
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'opening the next campaign windows failed');
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
