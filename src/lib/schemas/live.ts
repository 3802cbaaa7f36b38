import { z } from 'zod';
import { flag, optionalId } from './fields';

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
