import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import { dataOf, dataWithMessageOf } from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import {
  conversationSchema,
  conversationSummarySchema,
  sendMessageBodySchema,
  threadMessageSchema,
} from '@/lib/schemas/messages';
import { getConversation } from '@/server/messages/get-conversation';
import { listConversations } from '@/server/messages/list-conversations';
import { sendMessage } from '@/server/messages/send-message';

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/message - the signed-in person's conversations, newest first
  app.get(
    '/api/message',
    { schema: { tags: ['messages'], response: { 200: dataOf(conversationSummarySchema.array()) } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: await listConversations({ actor }) };
    },
  );

  // GET /api/message/getDetails/:id - the conversation with user :id, oldest first; marks it read
  app.get(
    '/api/message/getDetails/:id',
    { schema: { tags: ['messages'], params: idParams, response: { 200: conversationSchema } } },
    async (request) => {
      const actor = actorOf(request);
      return getConversation({ actor, otherId: request.params.id });
    },
  );

  // POST /api/message - body { user_id, message }: writes in (or starts) the conversation with user_id
  app.post(
    '/api/message',
    {
      schema: {
        tags: ['messages'],
        body: sendMessageBodySchema,
        response: { 201: dataWithMessageOf(threadMessageSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const data = await sendMessage({ actor, input: request.body });
      return reply.status(201).send({ data, message: translate(request.locale, 'api.success') });
    },
  );
};
