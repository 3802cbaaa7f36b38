import { getTranslations } from 'next-intl/server';
import { card, type PageViewer, Section } from '@/components/detail/detail-parts';
import { Link } from '@/components/ui/link';
import { loginPath } from '@/lib/next-path';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { CommentCard } from './comment-card';
import { CommentsCarousel } from './comments-carousel';
import { CommentForm } from './lazy-forms';

/** The comments carousel, then the viewer's own comment form (or a sign-in link); companies do not comment. */
export async function PlaceComments({ place, viewer }: { place: PlaceDetail; viewer: PageViewer | null }) {
  const t = await getTranslations('place_page');
  const isCompany = viewer?.role === 'company';
  const isOwner = viewer?.id === place.user.id;
  const canAnswer = place.features.answer_comments && isOwner;
  const own = viewer ? place.comments.find((c) => c.user.id === viewer.id) : undefined;
  return (
    <Section id="place-comments" title={t('comments')} className={`${card} mt-6`}>
      {place.comments.length ? (
        <CommentsCarousel
          label={t('carousel')}
          slides={place.comments.map((c) => ({
            key: c.id,
            node: <CommentCard comment={c} canAnswer={canAnswer} viewer={viewer} />,
          }))}
        />
      ) : (
        <p className="text-slate-600">{t('comments_empty')}</p>
      )}
      {viewer && !isCompany && (
        <div className="mt-6 border-t border-slate-200 pt-6">
          <CommentForm
            key={own ? `${own.stars}:${own.comment}` : 'new'}
            placeId={place.id}
            existing={own ? { stars: own.stars, comment: own.comment } : null}
          />
        </div>
      )}
      {!viewer && (
        <p className="mt-6 border-t border-slate-200 pt-4 text-slate-700">
          <Link
            href={loginPath(`/places/${place.id}`)}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:decoration-2"
          >
            {t('comment_login')}
          </Link>
        </p>
      )}
    </Section>
  );
}
