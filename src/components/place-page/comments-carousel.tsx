'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useId, useState, useSyncExternalStore } from 'react';
import { ChevronLeft, ChevronRight } from '@/components/ui/icons';

const queries = ['(min-width: 960px)', '(min-width: 600px)'] as const;

function subscribe(onChange: () => void) {
  const lists = queries.map((q) => window.matchMedia(q));
  for (const l of lists) l.addEventListener('change', onChange);
  return () => {
    for (const l of lists) l.removeEventListener('change', onChange);
  };
}
const perPageNow = () =>
  window.matchMedia(queries[0]).matches ? 3 : window.matchMedia(queries[1]).matches ? 2 : 1;

// How many slides a position in the rotated order shows at; CSS decides, so the server render is right.
const positionClass = ['', 'hidden sm:block', 'hidden md:block'];
// Controls are useless when every slide fits: hide them per breakpoint, again in CSS.
const controlsClass = (n: number) => (n <= 1 ? 'hidden' : n === 2 ? 'sm:hidden' : n === 3 ? 'md:hidden' : '');

/**
 * Spec §9 comments slider: 3 per view on wide screens, 2 on medium, 1 on a phone; infinite when there
 * are more than 3. No autoplay, so the slides are a polite live region (WAI-ARIA carousel pattern).
 */
export function CommentsCarousel({
  label,
  slides,
}: {
  label: string;
  slides: { key: number; node: ReactNode }[];
}) {
  const t = useTranslations('place_page');
  const id = useId();
  const n = slides.length;
  const loop = n > 3;
  const perPage = useSyncExternalStore(subscribe, perPageNow, () => 1);
  const [start, setStart] = useState(0);
  const maxStart = Math.max(0, n - perPage);
  const first = loop ? start : Math.min(start, maxStart);

  function go(by: number) {
    if (loop) setStart((first + by + n) % n);
    else setStart(Math.max(0, Math.min(maxStart, first + by)));
  }
  const atStart = !loop && first === 0;
  const atEnd = !loop && first >= maxStart;
  const buttonClass =
    'flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white hover:bg-slate-50 aria-disabled:cursor-default aria-disabled:opacity-40';

  return (
    <section aria-roledescription="carousel" aria-label={label}>
      <div className={`mb-3 flex justify-end gap-2 ${controlsClass(n)}`}>
        <button
          type="button"
          aria-controls={id}
          aria-label={t('previous_comment')}
          aria-disabled={atStart}
          onClick={() => !atStart && go(-1)}
          className={buttonClass}
        >
          <ChevronLeft aria-hidden size={20} />
        </button>
        <button
          type="button"
          aria-controls={id}
          aria-label={t('next_comment')}
          aria-disabled={atEnd}
          onClick={() => !atEnd && go(1)}
          className={buttonClass}
        >
          <ChevronRight aria-hidden size={20} />
        </button>
      </div>
      <div id={id} aria-live="polite" className="grid items-stretch gap-4 sm:grid-cols-2 md:grid-cols-3">
        {Array.from({ length: n }, (_, position) => {
          const index = (first + position) % n;
          const slide = slides[index];
          if (!slide) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a fieldset
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { n: index + 1, total: n })}
              className={`min-w-0 ${positionClass[position] ?? 'hidden'}`}
            >
              {slide.node}
            </div>
          );
        })}
      </div>
    </section>
  );
}
