'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { apiUrl } from '@/lib/api-client';
import type { LiveCounts } from '@/lib/schemas/live';
import { useApi } from './use-api';

type Api = ReturnType<typeof useApi>;

// One stream per tab, shared by every component that shows a count (the messages icon, the bell).
const pollMs = 30_000;
// Failures in a row, without an event between them, after which the tab polls instead.
const maxFailures = 3;

let counts: LiveCounts | null = null;
const listeners = new Set<() => void>();
let users = 0;
let source: EventSource | null = null;
let poller: number | undefined;
let failures = 0;

function publish(next: LiveCounts) {
  if (counts && counts.messages === next.messages && counts.notifications === next.notifications) return;
  counts = next;
  for (const listener of listeners) listener();
}

function stop() {
  source?.close();
  source = null;
  window.clearInterval(poller);
  poller = undefined;
}

// A tab kept in the back-forward cache holds no connection; shown again, it opens a new one.
function resume(api: Api) {
  if (users > 0 && !source && poller === undefined) open(api);
}

async function pollOnce(api: Api): Promise<boolean> {
  try {
    publish(await api('/api/live', { query: { once: true }, quiet: true }));
    return true;
  } catch {
    return false;
  }
}

function startPolling(api: Api) {
  source?.close();
  source = null;
  if (poller === undefined) poller = window.setInterval(() => void pollOnce(api), pollMs);
}

function open(api: Api) {
  if (typeof EventSource === 'undefined' || failures >= maxFailures) return startPolling(api);
  const stream = new EventSource(apiUrl('/api/live'));
  source = stream;
  stream.onmessage = (event) => {
    failures = 0;
    publish(JSON.parse(event.data) as LiveCounts);
  };
  stream.onerror = () => {
    // A dropped connection is retried by the browser itself; a refused one (401: the session's token
    // expired or was replaced) closes the stream: one call through the API refreshes the session.
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    failures++;
    source = null;
    void pollOnce(api).then((signedIn) => {
      if (signedIn) resume(api);
      else if (users > 0) startPolling(api);
    });
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The signed-in person's live counts (spec §2 top bar): null until the first event, so that callers
 * show what the page was rendered with. Unmounting the last caller (logout) closes the stream.
 */
export function useLiveCounts(): LiveCounts | null {
  const api = useApi();
  useEffect(() => {
    const show = () => resume(api);
    users++;
    window.addEventListener('pagehide', stop);
    window.addEventListener('pageshow', show);
    resume(api);
    return () => {
      users--;
      window.removeEventListener('pagehide', stop);
      window.removeEventListener('pageshow', show);
      if (users === 0) {
        stop();
        counts = null;
        failures = 0;
      }
    };
  }, [api]);
  return useSyncExternalStore(
    subscribe,
    () => counts,
    () => null,
  );
}
