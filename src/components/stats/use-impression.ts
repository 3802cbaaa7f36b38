'use client';

import { type RefObject, useEffect } from 'react';
import { type BeaconHit, reportHit } from '@/lib/stats-beacon';

/** Half of it on screen counts as seen (the IAB's display-ad rule, without its one second). */
const seenRatio = 0.5;

/**
 * Issue 28: reports `hit` once the element is at least half visible: in the viewport and not clipped
 * by a scrolling ancestor, so a carousel's later slides count when the carousel shows them. Null
 * reports nothing.
 */
export function useImpression(ref: RefObject<Element | null>, hit: BeaconHit | null): void {
  const subject = hit?.subject;
  const id = hit?.id;
  const measure = hit?.measure;
  useEffect(() => {
    const element = ref.current;
    if (!element || !subject || id === undefined || !measure || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= seenRatio)) return;
        reportHit({ subject, id, measure });
        observer.disconnect();
      },
      { threshold: seenRatio },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, subject, id, measure]);
}

/** Reports `hit` (at once, the page may be left) on every click of a link or button inside `ref`. */
export function useClickHit(
  ref: RefObject<Element | null>,
  hit: BeaconHit,
  selector = 'a[href], button',
): void {
  const { subject, id, measure } = hit;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A native listener sees the clicks of server-rendered children too; the keyboard's Enter on a
    // link or button is a click as well.
    const onClick = (event: Event) => {
      if ((event.target as Element | null)?.closest(selector))
        reportHit({ subject, id, measure }, { now: true });
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [ref, subject, id, measure, selector]);
}
