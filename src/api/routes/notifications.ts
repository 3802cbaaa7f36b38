import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '@/api/plugins/auth';
import { notificationListSchema } from '@/lib/schemas/catalogue-responses';
import { noContentSchema } from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import { notificationQuerySchema } from '@/lib/schemas/live';
import {
  deleteNotification,
  listNotifications,
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
      const user = await requireRole(request, 'user');
      const { read } = request.query;
      if (read) await markNotificationRead({ userId: user.id, id: read });
      return listNotifications({ userId: user.id, locale: request.locale });
    },
  );

  // DELETE /api/notification/:id - removes one of the user's own notifications
  app.delete(
    '/api/notification/:id',
    { schema: { tags: ['notifications'], params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const user = await requireRole(request, 'user');
      await deleteNotification({ userId: user.id, id: request.params.id });
      return reply.status(204).send();
    },
  );
};
