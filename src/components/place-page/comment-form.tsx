'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { RequiredMark, RequiredTextArea, SubmitButton } from '@/components/forms/fields';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import { Star } from '@/components/ui/icons';
import { maxStars } from '@/lib/spec-limits';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadCommentSchema = () => import('@/lib/schemas/comments').then((m) => m.addCommentBodySchema);

/**
 * Spec §5/§6: a signed-in attendee rates (1–5 stars, a radio group) and comments a place. One comment
 * per person: an existing one fills the form, and sending replaces it.
 */
export function CommentForm({
  placeId,
  existing,
}: {
  placeId: number;
  existing: { stars: number; comment: string } | null;
}) {
  const t = useTranslations('place_page');
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const [stars, setStars] = useState(existing?.stars ?? 0);
  const { errors, pending, onSubmit } = useSchemaForm(loadCommentSchema, async (_form, values) => {
    await api('/api/place/add_comment', { method: 'POST', body: values, overlay: true, successToast: true });
    router.refresh();
  });
  const starsError = (errors.stars ?? []).length > 0;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {t('comment_form')}
      </h3>
      {existing && (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-700">{t('comment_replace')}</p>
      )}
      <input type="hidden" name="place_id" value={placeId} />
      <fieldset aria-describedby={starsError ? `${id}-stars-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t('comment_stars')}
          <RequiredMark shown />
        </legend>
        <div className="flex gap-1">
          {Array.from({ length: maxStars }, (_, i) => i + 1).map((value) => (
            <label
              key={value}
              className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500"
            >
              <input
                type="radio"
                name="stars"
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
                aria-invalid={starsError}
                // Transparent over the whole star, so a click anywhere on it is a click on the radio.
                className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
              />
              <Star
                aria-hidden
                size={30}
                className={value <= stars ? 'fill-amber-400 text-amber-400' : 'text-slate-400'}
              />
              <span className="sr-only">{t('comment_star', { count: value })}</span>
            </label>
          ))}
        </div>
        {starsError && (
          <p id={`${id}-stars-error`} className="mt-1 text-sm text-red-700">
            {t('comment_stars_error')}
          </p>
        )}
      </fieldset>
      <RequiredTextArea
        name="comment"
        label={t('comment_text')}
        errors={errors}
        defaultValue={existing?.comment}
      />
      <div>
        <SubmitButton pending={pending}>{t('comment_submit')}</SubmitButton>
      </div>
    </form>
  );
}
