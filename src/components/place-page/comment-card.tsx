import { getTranslations } from 'next-intl/server';
import type { PageViewer } from '@/components/detail/detail-parts';
import { StarRating } from '@/components/detail/star-rating';
import { ReportButton } from '@/components/reports/report-button';
import { UserRound } from '@/components/ui/icons';
import { formatDate } from '@/lib/format';
import type { PlaceDetail } from '@/lib/schemas/place-responses';
import { AnswerForm } from './lazy-forms';

type Comment = PlaceDetail['comments'][number];

/** Spec §3 Comment: author, stars, text, and the owner's answer or (for the owner) the answer form. */
export async function CommentCard({
  comment,
  canAnswer,
  viewer,
}: {
  comment: Comment;
  canAnswer: boolean;
  viewer: PageViewer | null;
}) {
  const t = await getTranslations('place_page');
  const author = [comment.user.first_name, comment.user.last_name].filter(Boolean).join(' ');
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4">
      <header className="flex items-center gap-3">
        {comment.user.image ? (
          <img src={comment.user.image.url} alt="" className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 text-slate-500">
            <UserRound aria-hidden size={20} />
          </span>
        )}
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{author}</h3>
          <p className="text-xs text-slate-600">
            <time dateTime={comment.created_at}>{formatDate(comment.created_at)}</time>
          </p>
        </div>
        {/* Nobody reports their own comment (the API refuses it too). */}
        {viewer?.id !== comment.user.id && (
          <ReportButton
            target="comment"
            targetId={comment.id}
            signedIn={!!viewer}
            className="ml-auto shrink-0"
          />
        )}
      </header>
      <div className="mt-2">
        <StarRating value={comment.stars} label={t('stars_given', { stars: comment.stars })} size={16} />
      </div>
      <p className="mt-2 break-words whitespace-pre-line text-slate-800">{comment.comment}</p>
      {comment.answer ? (
        <div className="mt-3 rounded-lg border-l-4 border-brand-500 bg-brand-50 p-3 text-sm">
          <p className="font-semibold text-brand-700">{t('answer_from')}</p>
          <p className="mt-1 break-words whitespace-pre-line text-slate-800">{comment.answer}</p>
        </div>
      ) : (
        canAnswer && <AnswerForm commentId={comment.id} />
      )}
    </article>
  );
}
