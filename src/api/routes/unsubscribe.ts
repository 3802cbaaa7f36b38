import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@/i18n/translate';
import { localeHref } from '@/lib/locale-path';
import { unsubscribeQuerySchema } from '@/lib/schemas/account';
import { messageSchema } from '@/lib/schemas/common-responses';
import { unsubscribe } from '@/server/mail/unsubscribe';

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/unsubscribe?token= - the link of a mail about messages or reminders turns such mails off.
  // Needs no session; the body is ignored, so a mail client's RFC 8058 one-click POST
  // (`List-Unsubscribe=One-Click`, the List-Unsubscribe header's address) works as well as the page's
  // button. The signed token is the credential, never a cookie, so the writes' origin rule stands aside.
  app.post(
    '/api/unsubscribe',
    {
      schema: { tags: ['accounts'], querystring: unsubscribeQuerySchema, response: { 200: messageSchema } },
      config: { signedUrl: true },
    },
    async (request) => {
      await unsubscribe({ token: request.query.token });
      return { message: translate(request.locale, 'unsubscribe.done') };
    },
  );

  // GET /api/unsubscribe?token= - a person (or a mail client of RFC 2369) who opens the List-Unsubscribe
  // address gets the page that asks first: mail scanners open links, and must not unsubscribe anyone.
  app.get(
    '/api/unsubscribe',
    { schema: { tags: ['accounts'], querystring: unsubscribeQuerySchema } },
    async (request, reply) =>
      reply.redirect(
        localeHref(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, request.locale),
        303,
      ),
  );
};
