import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@/i18n/translate';
import { unsubscribeQuerySchema } from '@/lib/schemas/account';
import { messageSchema } from '@/lib/schemas/common-responses';
import { unsubscribe } from '@/server/mail/unsubscribe';

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/unsubscribe?token= - the link of a mail about messages or reminders turns such mails off.
  // Needs no session; the body is ignored, so a mail client's RFC 8058 one-click POST
  // (`List-Unsubscribe=One-Click`) works as well as the page's button.
  app.post(
    '/api/unsubscribe',
    { schema: { tags: ['accounts'], querystring: unsubscribeQuerySchema, response: { 200: messageSchema } } },
    async (request) => {
      await unsubscribe({ token: request.query.token });
      return { message: translate(request.locale, 'unsubscribe.done') };
    },
  );
};
