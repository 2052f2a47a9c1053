import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client';
import {
  countImportQueue,
  countOutboxByStatus,
  IMPORT_QUEUE_STATUSES,
  OUTBOX_PENDING_STATUSES,
} from './metrics.repository';

type Deps = {
  db: Db;
  /** The platform sync's last success (undefined: it never succeeded). */
  lastSyncSuccess: () => Promise<Date | null | undefined>;
  log: FastifyBaseLogger;
};

export const REQUEST_DURATION_METRIC = 'http_request_duration_seconds';
export const SYNC_LAG_METRIC = 'switchboard_platform_sync_lag_seconds';
export const OUTBOX_DEPTH_METRIC = 'switchboard_mail_outbox_depth';
export const IMPORT_QUEUE_METRIC = 'switchboard_contact_import_queue';

/** The label of a request that matched no route: its raw URL would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The server's Prometheus metrics, in a registry of its own (tests build many apps in one
 * process). Requests are observed as they finish; the gauges ask the database only when
 * scraped (their collect callbacks), never per request.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_class'>;

  constructor(deps: Deps) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: REQUEST_DURATION_METRIC,
      help: 'Time to answer an HTTP request, by route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });

    // A gauge whose query fails (database down) must not fail the scrape nor keep a stale
    // value: a labelled gauge then has no samples, an unlabelled one reads NaN (unknown).
    const guarded = async (
      gauge: Gauge,
      name: string,
      read: () => Promise<void>,
      labelled = true,
    ) => {
      try {
        await read();
      } catch (error) {
        gauge.reset();
        if (!labelled) gauge.set(NaN);
        deps.log.warn({ err: error }, `metrics: could not read ${name}`);
      }
    };

    new Gauge({
      name: SYNC_LAG_METRIC,
      help: 'Seconds since the last successful platform sync (+Inf before the first one)',
      registers,
      async collect() {
        await guarded(
          this,
          SYNC_LAG_METRIC,
          async () => {
            const last = await deps.lastSyncSuccess();
            this.set(last ? Math.max(0, (Date.now() - last.getTime()) / 1000) : Infinity);
          },
          false,
        );
      },
    });
    new Gauge({
      name: OUTBOX_DEPTH_METRIC,
      help: 'Outgoing mail not yet sent, by status (queued, sending, failed)',
      labelNames: ['status'],
      registers,
      async collect() {
        await guarded(this, OUTBOX_DEPTH_METRIC, async () => {
          const counts = await countOutboxByStatus(deps.db);
          for (const status of OUTBOX_PENDING_STATUSES) this.set({ status }, counts[status]);
        });
      },
    });
    new Gauge({
      name: IMPORT_QUEUE_METRIC,
      help: 'Contact imports waiting for the import job (queued) or in it (running)',
      labelNames: ['status'],
      registers,
      async collect() {
        await guarded(this, IMPORT_QUEUE_METRIC, async () => {
          const counts = await countImportQueue(deps.db);
          for (const status of IMPORT_QUEUE_STATUSES) this.set({ status }, counts[status]);
        });
      },
    });
  }

  observeRequest(request: {
    method: string;
    route: string | undefined;
    statusCode: number;
    seconds: number;
  }) {
    this.requestDuration.observe(
      {
        method: request.method,
        route: request.route ?? UNMATCHED_ROUTE,
        status_class: `${Math.floor(request.statusCode / 100)}xx`,
      },
      request.seconds,
    );
  }

  /** The exposition text and its content type (Prometheus text format 0.0.4). */
  async expose(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
