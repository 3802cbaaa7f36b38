import { z } from 'zod';

/** POST /api/calendar/feed/reset: the private feed's new addresses. */
export const calendarFeedUrlsSchema = z.object({
  webcal: z.string().describe('webcal:// address for calendar apps to subscribe to'),
  https: z.string().describe('The same feed over http(s)'),
});
export type CalendarFeedUrls = z.infer<typeof calendarFeedUrlsSchema>;
