import 'server-only';
import type { AuthUser } from '@/server/auth/access-tokens';
import { type DbContext, defaultContext, withTransaction } from '@/server/context';
import { givesCreationBack } from './creation-back';
import { ownedEvent } from './owned-event';
import { giveCreationBack } from './quota';
import { removeEvent } from './remove-event';

/**
 * Spec §7 DELETE /api/event/{id}: the owner cancels; calendars and favourites hear of it. Issue 29: an
 * event that has not started gives its creation back (creation-back.ts), in the same transaction, and
 * only the request that really deleted the row does, so two deletes at once give back one creation.
 */
export async function deleteEvent(
  { actor, eventId, now = new Date() }: { actor: AuthUser; eventId: number; now?: Date },
  ctx?: DbContext,
): Promise<{ creationBack: boolean }> {
  const event = await ownedEvent(actor, eventId);
  return withTransaction(ctx ?? (await defaultContext()), async (tx) => {
    const removed = await removeEvent({ db: tx }, event);
    if (!removed || !givesCreationBack(removed, now)) return { creationBack: false };
    await giveCreationBack(tx, event.userId);
    return { creationBack: true };
  });
}
