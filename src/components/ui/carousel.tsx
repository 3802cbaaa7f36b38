'use client';

import { useTranslations } from 'next-intl';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
} from 'react';
import { CarouselControls } from './carousel-controls';
import { measure, reducedMotionNow, useCarouselTrack } from './use-carousel-track';

/** Items per view below 600 px, from 600 px and from 960 px (the spec's breakpoints). */
export interface PerView {
  base: 1 | 2;
  sm: 1 | 2 | 3;
  md: 1 | 2 | 3 | 4;
}

// Whole class names, so Tailwind finds them: CSS sets the width per breakpoint and the server render
// already has the final layout (no jump on hydration).
const baseView = { 1: '[--per-view:1]', 2: '[--per-view:2]' };
const smView = { 1: 'sm:[--per-view:1]', 2: 'sm:[--per-view:2]', 3: 'sm:[--per-view:3]' };
const mdView = {
  1: 'md:[--per-view:1]',
  2: 'md:[--per-view:2]',
  3: 'md:[--per-view:3]',
  4: 'md:[--per-view:4]',
};
const slideStyle = { flex: '0 0 calc((100% - (var(--per-view) - 1) * 1rem) / var(--per-view))' };

/** The controls are shown only at the widths where the items do not all fit. */
function controlsClass(count: number, view: PerView) {
  return [
    count > view.base ? 'flex' : 'hidden',
    count > view.sm ? 'sm:flex' : 'sm:hidden',
    count > view.md ? 'md:flex' : 'md:hidden',
  ].join(' ');
}

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const hiddenNow = () => document.hidden;

const never = () => false;

/**
 * A scroll-snap carousel (WAI-ARIA carousel pattern): swipe, previous/next buttons and arrow keys move
 * a page of items; optional autoplay pauses on hover, on focus inside, in a hidden tab and under
 * prefers-reduced-motion, and has a visible pause/play button (WCAG 2.2.2).
 */
export function Carousel({
  label,
  header,
  items,
  perView = { base: 1, sm: 2, md: 4 },
  autoplay,
}: {
  /** The region's accessible name. */
  label: string;
  /** Shown left of the controls, usually the section's heading. */
  header?: ReactNode;
  items: { key: string | number; node: ReactNode }[];
  perView?: PerView;
  /** Milliseconds between pages; no autoplay without it. */
  autoplay?: number;
}) {
  const t = useTranslations('home.carousel');
  const trackId = useId();
  const { trackRef, index, next, previous } = useCarouselTrack();
  const [choice, setChoice] = useState<'auto' | 'playing' | 'paused'>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, reducedMotionNow, never);
  const tabHidden = useSyncExternalStore(subscribeVisibility, hiddenNow, never);
  const count = items.length;

  const playing = autoplay !== undefined && (choice === 'playing' || (choice === 'auto' && !reducedMotion));
  const running = playing && !hovered && !focused && !tabHidden;

  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the countdown, so a swipe or a click gives the new page a full interval
  useEffect(() => {
    if (!running || autoplay === undefined) return;
    const timer = window.setTimeout(() => {
      const track = trackRef.current;
      if (track && measure(track).last > 0) next();
    }, autoplay);
    return () => window.clearTimeout(timer);
  }, [running, autoplay, index, next]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const inTrack = trackRef.current?.contains(event.target as Node) ?? false;
    if (event.key === 'ArrowRight') next(inTrack);
    else previous(inTrack);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  function togglePlay() {
    if (playing) {
      setChoice('paused');
    } else {
      setChoice('playing');
      // Pressing play means "rotate now", even with the pointer or the focus still inside.
      setHovered(false);
      setFocused(false);
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="mb-4 flex min-h-10 items-center justify-between gap-3">
        <div className="min-w-0">{header}</div>
        <CarouselControls
          className={`shrink-0 gap-2 ${controlsClass(count, perView)}`}
          trackId={trackId}
          playing={autoplay === undefined ? undefined : playing}
          onTogglePlay={togglePlay}
          onPrevious={() => previous()}
          onNext={() => next()}
        />
      </div>
      <div
        id={trackId}
        ref={trackRef}
        aria-live={running ? 'off' : 'polite'}
        // The padding keeps focus outlines inside the scroll box, which would clip them.
        className={`-m-2 flex snap-x snap-mandatory scroll-px-2 gap-4 overflow-x-auto overscroll-x-contain p-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${baseView[perView.base]} ${smView[perView.sm]} ${mdView[perView.md]}`}
      >
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a fieldset
          <div
            key={item.key}
            role="group"
            aria-roledescription="slide"
            aria-label={t('slide', { n: i + 1, total: count })}
            className="min-w-0 snap-start"
            style={slideStyle}
          >
            {item.node}
          </div>
        ))}
      </div>
    </section>
  );
}
