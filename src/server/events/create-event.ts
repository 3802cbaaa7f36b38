import 'server-only';
import type { EventInput } from '@/lib/schemas/event';
import type { AuthUser } from '@/server/auth/access-tokens';
import { type DbContext, defaultContext } from '@/server/context';
import { fieldError, forbidden } from '@/server/errors';
import { saveWithImages, stageAll } from '@/server/media/uploads';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { assertPlanLimits } from '@/server/plans/limits';
import type { EventUploads } from './event-row';
import { insertEvent } from './insert-event';
import { ensureCategory, ownPlace } from './owned-event';
import { ensureCreationLeft } from './quota';
import { planSeries } from './save-series';

/**
 * Spec §7 POST /api/event: a company creates an event at a place it owns, taking one of its left
 * creations (quota.ts); an empty quota is refused before the pictures are stored.
 */
export async function createEvent(
  { actor, input, files }: { actor: AuthUser; input: EventInput; files: EventUploads },
  ctx?: DbContext,
) {
  if (actor.role !== 'company') throw forbidden();
  if (input.place_id === undefined) throw fieldError('place_id', 'validation.required');
  const place = await ownPlace(actor, input.place_id);
  await ensureCategory(input.category_id);
  const context = ctx ?? (await defaultContext());
  assertPlanLimits(await getEffectivePlan(context.db, actor.id), 'event', {
    images: files.images.length,
    movies: input.youtube.length,
  });
  const series = planSeries(input, new Date());
  await ensureCreationLeft(actor.id, context.db);
  return saveWithImages(async (stage) => {
    const banner = files.banner ? await stage(files.banner, 'banner') : null;
    const gallery = await stageAll(stage, files.images, 'photo');
    return insertEvent(context, {
      actorId: actor.id,
      input,
      place,
      extra: { bannerUrl: banner?.url ?? null },
      gallery: gallery.map((g) => g.url),
      series,
    });
  });
}
