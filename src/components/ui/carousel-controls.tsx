'use client';

import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useTranslations } from 'next-intl';

const buttonClass =
  'flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-50';

/** Pause/play (only with autoplay), previous and next; `className` says at which widths they show. */
export function CarouselControls({
  className,
  trackId,
  playing,
  onTogglePlay,
  onPrevious,
  onNext,
}: {
  className: string;
  trackId: string;
  /** Undefined without autoplay: then there is no pause/play button. */
  playing: boolean | undefined;
  onTogglePlay: () => void;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const t = useTranslations('home.carousel');
  return (
    <div className={className}>
      {playing !== undefined && (
        <button
          type="button"
          onClick={onTogglePlay}
          aria-label={playing ? t('pause') : t('play')}
          title={playing ? t('pause') : t('play')}
          className={buttonClass}
        >
          {playing ? <Pause aria-hidden size={18} /> : <Play aria-hidden size={18} />}
        </button>
      )}
      <button
        type="button"
        onClick={onPrevious}
        aria-controls={trackId}
        aria-label={t('previous')}
        title={t('previous')}
        className={buttonClass}
      >
        <ChevronLeft aria-hidden size={20} />
      </button>
      <button
        type="button"
        onClick={onNext}
        aria-controls={trackId}
        aria-label={t('next')}
        title={t('next')}
        className={buttonClass}
      >
        <ChevronRight aria-hidden size={20} />
      </button>
    </div>
  );
}
