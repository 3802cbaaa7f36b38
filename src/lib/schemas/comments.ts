import { z } from 'zod';
import { textMax } from '@/lib/form-limits';
import { maxStars } from '@/lib/spec-limits';
import { idField, requiredText, wholeNumber } from './fields';

/** Spec §5: a comment with a rating of 1 to 5 stars. */
export const addCommentBodySchema = z.object({
  place_id: idField,
  stars: wholeNumber(
    z.number().int('validation.stars').min(1, 'validation.stars').max(maxStars, 'validation.stars'),
  ),
  comment: requiredText(textMax.message),
});

/** Spec §5: the answer text is required. */
export const answerCommentBodySchema = z.object({
  answer: requiredText(textMax.message),
  id: idField.optional(),
});

export const favouriteBodySchema = z.object({ id: idField });
