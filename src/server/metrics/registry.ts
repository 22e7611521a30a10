/**
 * The service's metrics in the Prometheus text format (prom-client): the process and Node.js
 * ones, request durations by route template, and the few numbers an operator watches
 * (docs/OPERATIONS.md, "Watching it").
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/schema.js';
import { lastGoodBackup } from '#server/backup/runs-repository.js';
import { deliveryCounts, queueCounts } from './repository.js';

let processRegistry: Registry | undefined;

/** Process and Node.js metrics, set up once: they describe the process, whatever app it runs. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricSources {
  db: Db;
  /** Event streams open on this instance. */
  streams: () => number;
  log: FastifyBaseLogger;
}

export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];
  /** A gauge read from the database: on a failed read it shows nothing rather than old numbers. */
  const fromDatabase = (name: string, read: (gauge: Gauge<string>) => Promise<void>) =>
    async function (this: Gauge<string>) {
      try {
        await read(this);
      } catch (error) {
        this.reset();
        sources.log.warn({ err: error }, `metrics: could not read ${name} from the database`);
      }
    };

  const metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimited: new Counter({
      name: 'http_rate_limited_total',
      help: 'Requests answered 429 (a guessing, flood or download limit), by route template.',
      labelNames: ['route'] as const,
      registers,
    }),
    signInFailures: new Counter({
      name: 'sign_in_failures_total',
      help: 'Sign-ins refused for a wrong e-mail or password.',
      registers,
    }),
    backups: new Counter({
      name: 'backups_total',
      help: 'Scheduled backups this instance made, by result (ok or failed).',
      labelNames: ['result'] as const,
      registers,
    }),
  };
  metrics.backups.inc({ result: 'ok' }, 0);
  metrics.backups.inc({ result: 'failed' }, 0);

  new Gauge({
    name: 'event_streams_open',
    help: 'Live event streams open on this instance.',
    registers,
    collect() {
      this.set(sources.streams());
    },
  });
  /** A gauge of counts by status, read from the database at each scrape. */
  const byStatus = (
    name: string,
    help: string,
    read: (db: Db) => Promise<Record<string, number>>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['status'] as const,
      registers,
      collect: fromDatabase(name, async (gauge) => {
        for (const [status, n] of Object.entries(await read(sources.db))) {
          gauge.set({ status }, n);
        }
      }),
    });
  byStatus(
    'mail_outbox_messages',
    'Mails in the shared queue waiting to leave (queued, sending) or given up (failed).',
    (db) => queueCounts(db, 'mail_outbox'),
  );
  byStatus(
    'push_outbox_messages',
    'Web Push messages in the shared queue waiting to leave (queued, sending) or given up (failed).',
    (db) => queueCounts(db, 'push_outbox'),
  );
  byStatus(
    'notification_events',
    'Events still to be told to the people concerned (queued, sending) or given up (failed).',
    (db) => queueCounts(db, 'notification_events'),
  );
  byStatus('deliveries', 'Deliveries by status (every instance).', deliveryCounts);
  new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the last good backup (scheduled or npm run backup, by any instance) finished, in Unix seconds; 0 before the first.',
    registers,
    collect: fromDatabase('backup_last_success_timestamp_seconds', async (gauge) => {
      const at = await lastGoodBackup(sources.db);
      gauge.set(at === null ? 0 : Date.parse(at) / 1000);
    }),
  });

  return {
    ...metrics,
    contentType: registry.contentType,
    /** Everything, as the scrape reads it. */
    render: () => Registry.merge([processMetrics(), registry]).metrics(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
