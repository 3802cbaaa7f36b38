'use client';

import dynamic from 'next/dynamic';

/**
 * The attendee's nearby carousel in a chunk of its own: /calendar serves companies too, who never see it, and
 * their event form needs the room in the route's first-load JavaScript (issue 31). Still rendered on the server.
 */
export const CalendarNearbyLazy = dynamic(() =>
  import('./calendar-nearby').then((module) => module.CalendarNearby),
);
