import { z } from 'zod';
import { flag, optionalId } from './fields';
import { pageQueryFields } from './pagination';

/** What the top bar counts for the signed-in person: unread messages and the bell's notifications. */
export const liveCountsSchema = z.object({
  messages: z.int().min(0),
  notifications: z.int().min(0),
});
export type LiveCounts = z.infer<typeof liveCountsSchema>;

/** GET /api/live: a server-sent-events stream, or with `once=1` the counts once (the polling fallback). */
export const liveQuerySchema = z.object({ once: flag });

/** GET /api/notification: `read=<id>` marks that notification of the caller read before listing. */
export const notificationQuerySchema = z.object({ read: optionalId });

/** GET /api/notification/all (issue 29): a page of all the caller's notifications, 20 to a page by default. */
export const notificationPageQuerySchema = z.object({
  page: pageQueryFields.page,
  per_page: pageQueryFields.per_page,
});
