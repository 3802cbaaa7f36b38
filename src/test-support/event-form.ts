import { createEventBodySchema } from '@/lib/schemas/event';
import type { AuthUser } from '@/server/auth/access-tokens';
import { createEvent } from '@/server/events/create-event';
import { insertActor, insertPlace, seededPlans } from './fixtures';

// The event form as a company sends it, for the domain tests of what creating an event does.

/** A company on the top plan (every feature) with one place and `eventsLeft` creations left. */
export async function organiserWithPlace(eventsLeft: number) {
  const { topPlan } = await seededPlans();
  const actor = await insertActor('company', { eventsLeft, premiumSettingId: topPlan.id });
  const place = await insertPlace(actor.id);
  return { actor, placeId: place.id };
}

/** A concert on 1 January 2031, 18:00–20:30, at the place, with `fields` changed or added. */
export const eventFormInput = (placeId: number, fields: Record<string, string | string[]> = {}) =>
  createEventBodySchema.parse({
    category_id: '1',
    place_id: String(placeId),
    name: 'Koncert noworoczny',
    price_min: '40',
    price_max: '120',
    spots_left: '300',
    start_date: '2031-01-01',
    start_date_h: '18:00',
    end_date: '2031-01-01',
    end_date_h: '20:30',
    ...fields,
  });

/** The company creates that event through the form, without images. */
export const createFormEvent = (
  actor: AuthUser,
  placeId: number,
  fields: Record<string, string | string[]> = {},
) => createEvent({ actor, input: eventFormInput(placeId, fields), files: { images: [] } });
