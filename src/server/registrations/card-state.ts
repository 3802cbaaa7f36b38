import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { eventRegistration } from '@/db/schema';

/** Issue 33: what a card says of an event taking registrations. */
export interface CardRegistration {
  /** `register`: places free; `waiting_list`: full, new ones wait; `full`: closed and full. */
  state: 'register' | 'waiting_list' | 'full';
  spots_left: number;
}

/**
 * The registration a card shows, as JSON, from the event's columns (`id`, `spots_left`, `start_date`): null for an
 * event that takes no registrations, or whose registration closed with places left.
 */
export function cardRegistrationSql(id: SQL, spotsLeft: SQL, startDate: SQL): SQL<CardRegistration | null> {
  return sql<CardRegistration | null>`(select case
      when coalesce(r.closes_at > now(), true) and ${startDate} > now() then json_build_object(
        'state', case when ${spotsLeft} > 0 then 'register' else 'waiting_list' end,
        'spots_left', ${spotsLeft})
      when ${spotsLeft} = 0 then json_build_object('state', 'full', 'spots_left', 0)
    end
    from ${eventRegistration} r where r.event_id = ${id})`;
}
