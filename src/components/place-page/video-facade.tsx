'use client';

import { useState } from 'react';
import { Play } from '@/components/ui/icons';

/**
 * One film's play button; pressed, it becomes the player (and takes the focus the button had). The
 * texts come translated from the server.
 */
export function VideoFacade({
  src,
  title,
  titleId,
  playLabel,
}: {
  src: string;
  title: string;
  titleId: string;
  playLabel: string;
}) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        // The play button it replaces had focus; keep the keyboard on the video.
        ref={(el) => el?.focus()}
        src={src}
        title={title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        className="h-full w-full border-0"
      />
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setPlaying(true)}
        aria-describedby={titleId}
        className="group flex h-full w-full flex-col items-center justify-center gap-3 text-white"
      >
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-red-600 transition group-hover:scale-110">
          <Play aria-hidden size={30} className="ml-1 fill-current" />
        </span>
        <span className="font-semibold">{playLabel}</span>
      </button>
      <span id={titleId} className="sr-only">
        {title}
      </span>
    </>
  );
}
