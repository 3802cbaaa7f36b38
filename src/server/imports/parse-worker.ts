import { parentPort, workerData } from 'node:worker_threads';
import { NotCalendarError, parseFeed } from './parse-ics';

// The body of the parsing thread (parse-off-thread.ts): one calendar text in, its entries or why not out.
// Entries go in batches: the parent takes each message in its own turn of the event loop, so thousands of
// events are never copied in one go.
const batch = 500;
try {
  const entries = parseFeed(workerData as string);
  for (let i = 0; i < entries.length; i += batch)
    parentPort?.postMessage({ entries: entries.slice(i, i + batch) });
  parentPort?.postMessage({ done: true });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof NotCalendarError ? 'not_calendar' : String(error) });
}
