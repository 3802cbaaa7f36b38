import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { eventImages, events } from '@/db/schema';
import type { EventInput } from '@/lib/schemas/event';
import { checkAttributeIds } from '@/server/attributes/catalogue';
import type { AuthUser } from '@/server/auth/access-tokens';
import { type DbContext, defaultContext, withTransaction } from '@/server/context';
import { saveWithImages, stageAll } from '@/server/media/uploads';
import { getEffectivePlan } from '@/server/plans/effective-plan';
import { assertPlanLimits } from '@/server/plans/limits';
import { type EventUploads, eventRow, writeMedia } from './event-row';
import { notifyEventEdited } from './notify-followers';
import { ensureCategory, ownedEvent, ownPlace } from './owned-event';
import { planSeries, writeSeries } from './save-series';

/** Spec §7 POST /api/event/{id} with _method=PUT: the owner edits; followers are told. */
export async function updateEvent(
  {
    actor,
    eventId,
    input,
    files,
  }: { actor: AuthUser; eventId: number; input: EventInput; files: EventUploads },
  ctx?: DbContext,
) {
  const event = await ownedEvent(actor, eventId);
  const place = await ownPlace(actor, input.place_id ?? event.placeId);
  await ensureCategory(input.category_id);
  const series = planSeries(input, new Date());
  const context = ctx ?? (await defaultContext());
  const { db } = context;
  const plan = await getEffectivePlan(db, actor.id);
  const kept = input.preloaded.length
    ? (
        await db
          .select({ id: eventImages.id })
          .from(eventImages)
          .where(and(eq(eventImages.eventId, eventId), inArray(eventImages.id, input.preloaded)))
      ).map((r) => r.id)
    : [];
  assertPlanLimits(plan, 'event', {
    images: kept.length + files.images.length,
    movies: input.youtube.length,
  });
  await saveWithImages(async (stage) => {
    const banner = files.banner ? await stage(files.banner, 'banner') : null;
    const gallery = await stageAll(stage, files.images, 'photo');
    return withTransaction(context, async (tx) => {
      // Issue 14: a changed walk link goes back to the admin's queue and is hidden until verified.
      const walkReview =
        (event.virtualWalkUrl ?? null) === (input.virtual_walk ?? null)
          ? {}
          : { walkState: 'pending' as const, virtualWalkVerified: false, walkReason: null };
      // Issue 30: absent, the attributes stay as they are; sent, each must exist and apply to events.
      const attributeIds =
        input.attribute_ids === undefined
          ? undefined
          : await checkAttributeIds(tx, input.attribute_ids, 'event');
      await tx
        .update(events)
        .set({
          ...eventRow(input, place, series),
          ...walkReview,
          ...(attributeIds ? { attributeIds } : {}),
          placeId: place.id,
          ...(banner ? { bannerUrl: banner.url } : {}),
        })
        .where(eq(events.id, eventId));
      const cancelled = await writeSeries(tx, eventId, series);
      await writeMedia(tx, { eventId, input, gallery: gallery.map((g) => g.url), existingKept: kept });
      await notifyEventEdited(tx, { eventId, name: input.name, cancelled });
    });
  });
  return { id: eventId };
}
