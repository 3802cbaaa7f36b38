'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from '@/components/ui/icons';

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
  // An icon-only button: its label names it and shows as a tooltip.
  const iconButton = (label: string, onClick: () => void, icon: ReactNode, controls?: string) => (
    <button
      type="button"
      onClick={onClick}
      aria-controls={controls}
      aria-label={label}
      title={label}
      className={buttonClass}
    >
      {icon}
    </button>
  );
  return (
    <div className={className}>
      {playing !== undefined &&
        iconButton(
          playing ? t('pause') : t('play'),
          onTogglePlay,
          playing ? <Pause aria-hidden size={18} /> : <Play aria-hidden size={18} />,
        )}
      {iconButton(t('previous'), onPrevious, <ChevronLeft aria-hidden size={20} />, trackId)}
      {iconButton(t('next'), onNext, <ChevronRight aria-hidden size={20} />, trackId)}
    </div>
  );
}
