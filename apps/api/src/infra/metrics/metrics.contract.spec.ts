import { describe, expect, it } from '@jest/globals';
import type { Metrics } from './metrics.port.js';
import { PrometheusMetrics } from './prometheus.metrics.js';

/** The Metrics contract, run against every adapter (Prometheus). */
const adapters: [string, () => Metrics][] = [['prometheus', () => new PrometheusMetrics()]];

describe.each(adapters)('Metrics contract: %s', (_name, create) => {
  it('scrapes what was observed, with its labels', async () => {
    const metrics = create();
    metrics.answerDuration.observe({ outcome: 'complete' }, 1.5);
    metrics.ingestedDocuments.inc({ outcome: 'failed' });
    const end = metrics.httpRequestDuration.startTimer();
    end({ method: 'GET', route: '/api/projects', status: '200' });
    const text = await metrics.scrape();
    expect(text).toMatch(/clearroom_answer_duration_seconds_count\{outcome="complete"\} 1/);
    expect(text).toMatch(/clearroom_ingestion_documents_total\{outcome="failed"\} 1/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/projects",status="200"\} 1/,
    );
    expect(metrics.contentType).toMatch(/^text\/plain/);
  });

  it('reads the queue depth when scraped', async () => {
    const metrics = create();
    metrics.observeQueue(() => Promise.resolve({ waiting: 2, active: 1, delayed: 0 }));
    expect(await metrics.scrape()).toMatch(/clearroom_queue_depth\{state="waiting"\} 2/);
  });
});
