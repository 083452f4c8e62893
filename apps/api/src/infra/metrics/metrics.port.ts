export type IngestionStage = 'extract' | 'store' | 'chunk' | 'embed' | 'index';
export type IngestionOutcome = 'completed' | 'failed';
export type AnswerOutcome = 'complete' | 'error' | 'aborted';
export type QueueCounts = { waiting: number; active: number; delayed: number };

type Labels<L extends string> = Partial<Record<L, string | number>>;
/** A distribution of durations, in seconds, by labels. */
export type DurationMetric<L extends string> = {
  observe(labels: Labels<L>, seconds: number): void;
  /** Starts timing; the returned function records the time elapsed, with the labels known by then. */
  startTimer(): (labels: Labels<L>) => number;
};
export type CountMetric<L extends string> = { inc(labels: Labels<L>, by?: number): void };

/**
 * What the process measures (ARCHITECTURE §8): request latency, ingestion stages, queue depth and
 * answer times. An abstract class so that it is its own injection token.
 */
export abstract class Metrics {
  abstract readonly httpRequestDuration: DurationMetric<'method' | 'route' | 'status'>;
  abstract readonly ingestionStageDuration: DurationMetric<'stage'>;
  abstract readonly ingestedDocuments: CountMetric<'outcome'>;
  abstract readonly queueJobsFailed: CountMetric<'job'>;
  abstract readonly answerFirstToken: DurationMetric<'outcome'>;
  abstract readonly answerDuration: DurationMetric<'outcome'>;
  /** The queue's depth is read when scraped, from this source. */
  abstract observeQueue(counts: () => Promise<QueueCounts>): void;
  /** The exposition text for `/metrics`, and its content type. */
  abstract scrape(): Promise<string>;
  abstract readonly contentType: string;
}
