import 'server-only';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createQueue } from '@/server/concurrency';
import { type FeedEntry, NotCalendarError } from './parse-ics';

/** A calendar whose reading took longer than the deadline: refused as a whole, nothing changed. */
export class FeedTooComplexError extends Error {}

/**
 * How long one calendar may take to read. ical.js reads a 2 MB file of 7,000 events in 4 to 5 s on one
 * core here, and nothing in it can be bounded from outside, so it reads on its own thread and is stopped
 * at the deadline: the event loop that answers everyone else never waits for it (issue 26).
 */
export const parseDeadlineMs = 30_000;

// One calendar read at a time: on two cores, the other one stays with the requests.
const queue = createQueue({ concurrency: 1 });

const here = path.dirname(fileURLToPath(import.meta.url));
const workerFile = path.join(here, 'parse-worker.ts');
const tsconfig = path.resolve(here, '../../../tsconfig.node.json');
// The thread starts without the loader of its parent (Node 20 does not pass `--import` on to workers):
// tsx is registered first, then the TypeScript module is loaded.
const bootstrap = `(async () => {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: ${JSON.stringify(tsconfig)} });
  await import(${JSON.stringify(`file://${workerFile}`)});
})().catch((error) => { throw error; });`;

function parseInWorker(source: string, deadlineMs: number): Promise<FeedEntry[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: source });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new FeedTooComplexError());
    }, deadlineMs);
    const settle = () => clearTimeout(timer);
    const entries: FeedEntry[] = [];
    worker.on('message', (message: { entries?: FeedEntry[]; done?: true; error?: string }) => {
      if (message.entries) {
        entries.push(...message.entries);
        return;
      }
      settle();
      void worker.terminate();
      if (message.done) resolve(entries);
      else if (message.error === 'not_calendar') reject(new NotCalendarError());
      else reject(new Error(`calendar parser: ${message.error}`));
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      reject(new Error(`calendar parser exited with ${code}`));
    });
  });
}

/** The entries of a calendar text, read on a worker thread with a deadline, one calendar at a time. */
export function parseFeedOffThread(
  source: string,
  { deadlineMs = parseDeadlineMs }: { deadlineMs?: number } = {},
): Promise<FeedEntry[]> {
  return queue.run(() => parseInWorker(source, deadlineMs));
}
