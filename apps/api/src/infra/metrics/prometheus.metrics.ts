import { Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Metrics, type QueueCounts } from './metrics.port.js';

/** A scrape must not hang on a queue store that does not answer (Redis down). */
const QUEUE_READ_TIMEOUT_MS = 2_000;

/**
 * Every Prometheus series Clearroom exports, in a registry of its own (so several applications in
 * one process, as in the tests, never share counters). Served by the metrics server, not the API.
 */
export class PrometheusMetrics extends Metrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private queueCounts: (() => Promise<QueueCounts>) | null = null;

  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, from arrival to the last byte sent (status "aborted": the client left first).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly ingestionStageDuration = new Histogram({
    name: 'clearroom_ingestion_stage_duration_seconds',
    help: 'Time of each stage of a document analysis that completed (extract, store, chunk, embed, index).',
    labelNames: ['stage'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });

  readonly ingestedDocuments = new Counter({
    name: 'clearroom_ingestion_documents_total',
    help: 'Documents whose analysis ended, by outcome (completed or failed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly queueJobsFailed = new Counter({
    name: 'clearroom_queue_jobs_failed_total',
    help: 'Job attempts that failed (retried later, or given up on the last attempt); shutdowns excluded.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly answerFirstToken = new Histogram({
    name: 'clearroom_answer_first_token_seconds',
    help: 'Time from an ask-stream request to the first piece of answer text, by outcome of the answer.',
    labelNames: ['outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 7.5, 10, 15, 20, 30, 60],
    registers: [this.registry],
  });

  readonly answerDuration = new Histogram({
    name: 'clearroom_answer_duration_seconds',
    help: 'Time from an ask-stream request to the end of its stream, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.25, 0.5, 1, 2, 3, 5, 7.5, 10, 15, 20, 30, 60, 120, 300],
    registers: [this.registry],
  });

  private readonly queueDepth = new Gauge({
    name: 'clearroom_queue_depth',
    help: 'Jobs in the queue by state (waiting, active, delayed), read when scraped; the same for every process sharing the queue.',
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: () => this.collectQueueDepth(),
  });

  constructor() {
    super();
    collectDefaultMetrics({ register: this.registry });
  }

  /** Where `clearroom_queue_depth` is read from at each scrape. */
  observeQueue(counts: () => Promise<QueueCounts>): void {
    this.queueCounts = counts;
  }

  /** Prometheus' text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private async collectQueueDepth(): Promise<void> {
    this.queueDepth.reset();
    const counts = await this.readQueueCounts();
    if (!counts) return;
    for (const [state, count] of Object.entries(counts)) this.queueDepth.set({ state }, count);
  }

  /** A queue that cannot be read leaves the gauge out rather than failing the whole scrape. */
  private async readQueueCounts(): Promise<QueueCounts | null> {
    if (!this.queueCounts) return null;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.queueCounts(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${QUEUE_READ_TIMEOUT_MS} ms`)),
            QUEUE_READ_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      this.logger.warn(`Queue depth unavailable: ${String(error)}`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}
