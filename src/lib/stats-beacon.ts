import { type BeaconMeasure, beaconMaxHits, type StatSubject } from './stats-measures';

// Issue 28: the browser's side of counting. Hits wait a moment and leave together in one beacon
// (`navigator.sendBeacon`, which survives the page being left, so a click on a link still counts).

export interface BeaconHit {
  subject: StatSubject;
  id: number;
  measure: BeaconMeasure;
}

const pending: BeaconHit[] = [];
const sentThisPage = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  timer = undefined;
  while (pending.length) {
    const hits = pending.splice(0, beaconMaxHits);
    const body = new Blob([JSON.stringify({ hits })], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/stats/hits', body)) {
      fetch('/api/stats/hits', { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
        () => undefined,
      );
    }
  }
}

/**
 * Reports a hit; the same hit is reported once per page load (an impression of a slide the carousel
 * shows again is the same impression). `now` sends at once, for a click that leaves the page.
 */
export function reportHit(hit: BeaconHit, { now = false }: { now?: boolean } = {}): void {
  if (typeof window === 'undefined') return;
  const key = `${hit.subject}:${hit.id}:${hit.measure}`;
  if (sentThisPage.has(key)) return;
  sentThisPage.add(key);
  pending.push(hit);
  if (now || pending.length >= beaconMaxHits) {
    if (timer) clearTimeout(timer);
    flush();
  } else {
    timer ??= setTimeout(flush, 1000);
  }
}
