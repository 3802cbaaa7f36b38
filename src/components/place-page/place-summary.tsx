import { getLocale, getTranslations } from 'next-intl/server';
import type { PageViewer } from '@/components/detail/detail-parts';
import { formatRating, rated, StarRating } from '@/components/detail/star-rating';
import { CalendarDays, MessageSquare } from '@/components/ui/icons';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { CommentCard } from './comment-card';
import { ModalButton } from './modal-button';
import { PlaceEvents } from './place-events';
import { ShareButtons } from './share-buttons';

/** The row under the header: all comments and all events in dialogs, the rating, and the share buttons. */
export async function PlaceSummary({
  place,
  pageUrl,
  viewer,
}: {
  place: PlaceDetail;
  pageUrl: string;
  viewer: PageViewer | null;
}) {
  const t = await getTranslations('place_page');
  const locale = await getLocale();
  const rating = formatRating(place.stars, locale);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3">
      <ModalButton
        label={t('comments_count', { count: place.comments_count })}
        title={t('comments_all')}
        icon={<MessageSquare aria-hidden size={16} />}
      >
        {place.comments.length ? (
          <div className="flex flex-col gap-3">
            {place.comments_count > place.comments.length && (
              <p className="text-sm text-slate-600">
                {t('comments_shown', { shown: place.comments.length, total: place.comments_count })}
              </p>
            )}
            {place.comments.map((c) => (
              <CommentCard key={c.id} comment={c} canAnswer={false} viewer={viewer} />
            ))}
          </div>
        ) : (
          <p className="text-slate-600">{t('comments_empty')}</p>
        )}
      </ModalButton>
      <ModalButton
        label={t('events_count', { count: place.events_count })}
        title={t('events')}
        icon={<CalendarDays aria-hidden size={16} />}
      >
        <PlaceEvents events={place.events} />
      </ModalButton>
      {rated(place.stars) ? (
        <p className="flex items-center gap-2">
          <span className="sr-only">{t('rating')}:</span>
          <StarRating value={place.stars} label={t('rating_value', { rating })} />
          <span aria-hidden className="font-semibold">
            {rating}
          </span>
        </p>
      ) : (
        <p className="text-slate-700">{t('no_ratings')}</p>
      )}
      <div className="md:ml-auto">
        <ShareButtons placeId={place.id} url={pageUrl} name={place.name} />
      </div>
    </div>
  );
}
