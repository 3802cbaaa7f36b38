import type { StatMeasure } from '@/lib/stats-measures';

/** How /account/stats groups the measures, each group under its own heading. */
export const statGroups = [
  { id: 'visits', measures: ['view', 'visitor'] },
  {
    id: 'interest',
    measures: [
      'favourite_add',
      'favourite_remove',
      'calendar_add',
      'calendar_remove',
      'ics_download',
      'feed_subscribe',
    ],
  },
  {
    id: 'contact',
    measures: ['ticket_click', 'phone_click', 'email_click', 'website_click', 'message', 'share'],
  },
  {
    id: 'promotion',
    measures: [
      'carousel_impression',
      'carousel_click',
      'list_impression',
      'list_click',
      'ad_impression',
      'ad_click',
    ],
  },
] as const satisfies readonly { id: string; measures: readonly StatMeasure[] }[];
