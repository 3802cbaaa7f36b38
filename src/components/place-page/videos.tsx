'use client';

import { Play } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

/**
 * YouTube films behind a click-to-load facade: nothing is fetched from YouTube (not even a thumbnail)
 * until the visitor asks, and then from the privacy-enhanced youtube-nocookie.com domain.
 */
export function Videos({ ids, name }: { ids: string[]; name: string }) {
  const t = useTranslations('place_page');
  const [playing, setPlaying] = useState<Set<string>>(new Set());
  const unique = [...new Set(ids)];
  return (
    <div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {unique.map((id, i) => (
          <li key={id} className="aspect-video overflow-hidden rounded-lg bg-slate-900">
            {playing.has(id) ? (
              <iframe
                // The play button it replaces had focus; keep the keyboard on the video.
                ref={(el) => el?.focus()}
                src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1`}
                title={t('video_title', { n: i + 1, name })}
                allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                referrerPolicy="strict-origin-when-cross-origin"
                allowFullScreen
                className="h-full w-full border-0"
              />
            ) : (
              <button
                type="button"
                onClick={() => setPlaying((s) => new Set(s).add(id))}
                aria-describedby={`video-${i}-title`}
                className="group flex h-full w-full flex-col items-center justify-center gap-3 text-white"
              >
                <span className="flex h-16 w-16 items-center justify-center rounded-full bg-red-600 transition group-hover:scale-110">
                  <Play aria-hidden size={30} className="ml-1 fill-current" />
                </span>
                <span className="font-semibold">{t('play_video')}</span>
              </button>
            )}
            {!playing.has(id) && (
              <span id={`video-${i}-title`} className="sr-only">
                {t('video_title', { n: i + 1, name })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t('video_note')}</p>
    </div>
  );
}
