import { getTranslations } from 'next-intl/server';
import { VideoFacade } from '@/components/place-page/video-facade';

/**
 * YouTube films behind a click-to-load facade: nothing is fetched from YouTube (not even a thumbnail)
 * until the visitor asks, and then from the privacy-enhanced youtube-nocookie.com domain. Rendered on
 * the server; only each film's button runs in the browser.
 */
export async function Videos({ ids, name }: { ids: string[]; name: string }) {
  const t = await getTranslations('place_page');
  const unique = [...new Set(ids)];
  return (
    <div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {unique.map((id, i) => (
          <li key={id} className="aspect-video overflow-hidden rounded-lg bg-slate-900">
            <VideoFacade
              src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1`}
              title={t('video_title', { n: i + 1, name })}
              titleId={`video-${i}-title`}
              playLabel={t('play_video')}
            />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t('video_note')}</p>
    </div>
  );
}
