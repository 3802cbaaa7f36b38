import 'server-only';
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { AppError } from '@/server/errors';
import { logger } from '@/server/log';
import { metricsRegistry } from './portal-metrics';

// With WEB_CONCURRENCY=N a scrape reaches one worker at random, so the worker that gets it answers for
// all of them: it asks the primary, which collects every worker's registry over prom-client's own IPC
// messages, adds them up (each metric's aggregator) and sends the text back.

const REQUEST = 'portal:metrics-request';
const ANSWER = 'portal:metrics-answer';
const ANSWER_TIMEOUT_MS = 5_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  /** Absent when the primary could not collect every worker's metrics. */
  text?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

if (cluster.isWorker) {
  // prom-client answers the primary's collection requests from the registries named here, once an
  // AggregatorRegistry exists in the worker (its constructor installs the listener).
  AggregatorRegistry.setRegistries(metricsRegistry);
  void new AggregatorRegistry();
}

/** In the cluster primary, once: answers the workers' requests for everyone's metrics. */
export function servePrimaryMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, REQUEST)) return;
    const answer = (text?: string) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, text } satisfies MetricsAnswer);
    };
    aggregator.clusterMetrics().then(answer, (error: unknown) => {
      logger.warn({ err: error }, "metrics: collecting the workers' metrics failed");
      answer();
    });
  });
}

let nextId = 0;
const waiting = new Map<number, (answer: MetricsAnswer) => void>();
let listening = false;

function askPrimary(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (isMessage<MetricsAnswer>(message, ANSWER)) waiting.get(message.id)?.(message);
    });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      logger.warn(`metrics: ${why}`);
      reject(new AppError('unavailable', 'api.unavailable'));
    };
    const timer = setTimeout(() => {
      waiting.delete(id);
      fail(`the primary did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`);
    }, ANSWER_TIMEOUT_MS);
    waiting.set(id, ({ text }) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (text === undefined) fail('the primary could not collect every process');
      else resolve(text);
    });
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}

/** The metrics text of every process: through the primary in a cluster worker, else this process's own. */
export function scrapeMetrics(): Promise<string> {
  return cluster.isWorker && process.send ? askPrimary() : metricsRegistry.metrics();
}

/** The content type of `scrapeMetrics()`'s text (Prometheus text format 0.0.4). */
export const metricsContentType = metricsRegistry.contentType;
