import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteRoute } from '@/api/delete-route';
import { actorOf } from '@/api/plugins/auth';
import {
  notificationListSchema,
  notificationPageSchema,
  notificationsMarkedSchema,
} from '@/lib/schemas/catalogue-responses';
import { notificationPageQuerySchema, notificationQuerySchema } from '@/lib/schemas/live';
import {
  deleteNotification,
  listAllNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@/server/notifications/list-notifications';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/notification - the signed-in attendee's newest unread notifications (at most 6) and the total;
  // read=<id> first marks that one of theirs read
  app.get(
    '/api/notification',
    {
      schema: {
        tags: ['notifications'],
        querystring: notificationQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const user = actorOf(request);
      const { read } = request.query;
      if (read) await markNotificationRead({ userId: user.id, id: read });
      return listNotifications({ userId: user.id, locale: request.locale });
    },
  );

  // GET /api/notification/all - every notification of the attendee, read and unread, newest first, paged
  // (issue 29); a page past the end answers the last one
  app.get(
    '/api/notification/all',
    {
      schema: {
        tags: ['notifications'],
        querystring: notificationPageQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      const user = actorOf(request);
      const { page, per_page: perPage } = request.query;
      return listAllNotifications({ userId: user.id, locale: request.locale, page, perPage });
    },
  );

  // POST /api/notification/read_all - marks every unread notification of the attendee read (issue 29)
  app.post(
    '/api/notification/read_all',
    { schema: { tags: ['notifications'], response: { 200: notificationsMarkedSchema } } },
    async (request) => {
      const user = actorOf(request);
      return { data: { marked: await markAllNotificationsRead({ userId: user.id }) } };
    },
  );

  // DELETE /api/notification/:id - removes one of the user's own notifications
  deleteRoute(app, '/api/notification/:id', 'notifications', (user, id) =>
    deleteNotification({ userId: user.id, id }),
  );
};
