'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

export const reducedMotionNow = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Where the track stands: the first item in view, how many fit and the width of one step. */
export function measure(track: HTMLElement) {
  const items = track.children;
  const first = items[0] as HTMLElement | undefined;
  const second = items[1] as HTMLElement | undefined;
  const step = first && second ? second.offsetLeft - first.offsetLeft : track.clientWidth;
  const perView = Math.max(1, Number(getComputedStyle(track).getPropertyValue('--per-view')) || 1);
  const last = Math.max(0, items.length - perView);
  const index = step > 0 ? Math.min(last, Math.round(track.scrollLeft / step)) : 0;
  return { step, perView, last, index };
}

/**
 * The carousel's scrolling track: the index of the first item in view (kept up to date while the
 * visitor swipes) and `next`/`previous`, which move a page of items and wrap around at both ends.
 */
export function useCarouselTrack() {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const pending = useRef<{ index: number; until: number } | null>(null);

  const goTo = useCallback((target: (m: ReturnType<typeof measure>) => number, moveFocus = false) => {
    const track = trackRef.current;
    if (!track) return;
    const m = measure(track);
    // While a smooth scroll is on its way, a second press counts from where it is going.
    const aim =
      pending.current && performance.now() < pending.current.until ? pending.current.index : m.index;
    const next = Math.max(0, Math.min(m.last, target({ ...m, index: aim })));
    pending.current = { index: next, until: performance.now() + 700 };
    track.scrollTo({ left: next * m.step, behavior: reducedMotionNow() ? 'auto' : 'smooth' });
    // Arrow keys on a link in a slide: focus follows to the page now shown.
    if (moveFocus) {
      track.children[next]?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
    }
  }, []);
  // Both directions wrap around, so an autoplaying carousel starts again from the first page.
  const next = useCallback(
    (moveFocus = false) => goTo((m) => (m.index >= m.last ? 0 : m.index + m.perView), moveFocus),
    [goTo],
  );
  const previous = useCallback(
    (moveFocus = false) => goTo((m) => (m.index <= 0 ? m.last : m.index - m.perView), moveFocus),
    [goTo],
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(measure(track).index));
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
    };
  }, []);

  return { trackRef, index, next, previous };
}
