import 'server-only';
import { getDb } from '@/db/client';
import type { PremiumSetting } from '@/db/schema';
import { maxEventImages, maxEventMovies } from '@/lib/spec-limits';
import { fieldError } from '@/server/errors';
import { getEffectivePlan } from './effective-plan';

export type MediaTarget = 'place' | 'event';

export interface MediaLimits {
  images: number;
  movies: number;
}

/** How many photos and films a place or an event may hold under a plan; spec §9 caps an event's at 100. */
export function mediaLimits(
  plan: Pick<PremiumSetting, 'imagesCount' | 'moviesCount'> | null,
  target: MediaTarget,
): MediaLimits {
  const images = plan?.imagesCount ?? 0;
  const movies = plan?.moviesCount ?? 0;
  return target === 'event'
    ? { images: Math.min(images, maxEventImages), movies: Math.min(movies, maxEventMovies) }
    : { images, movies };
}

/**
 * The media limits of a company's plan (its own, else the default; `companyId` null: a company about to
 * register). The form reader takes no more files than this, so it is known before a byte is read.
 */
export async function companyMediaLimits(
  companyId: number | null,
  target: MediaTarget,
): Promise<MediaLimits> {
  return mediaLimits(await getEffectivePlan(await getDb(), companyId), target);
}

/**
 * Refuses (422 on the field) a save that would hold more photos or films than the plan allows; `counts`
 * are what the place or event would hold afterwards. Omitted counts are not checked.
 */
export function assertPlanLimits(
  plan: Pick<PremiumSetting, 'imagesCount' | 'moviesCount'> | null,
  target: MediaTarget,
  counts: Partial<MediaLimits>,
): void {
  const limits = mediaLimits(plan, target);
  if (counts.images !== undefined && counts.images > limits.images)
    throw fieldError('images', 'validation.plan_images', { max: limits.images });
  if (counts.movies !== undefined && counts.movies > limits.movies)
    throw fieldError('youtube', 'validation.plan_movies', { max: limits.movies });
}
