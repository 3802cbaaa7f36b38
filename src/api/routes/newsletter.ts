import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '@/api/forms';
import { translate } from '@/i18n/translate';
import { messageSchema } from '@/lib/schemas/common-responses';
import { linkTokenParams } from '@/lib/schemas/fields';
import { newsletterBodySchema } from '@/lib/schemas/newsletter';
import { confirmNewsletter, subscribeNewsletter } from '@/server/newsletter/subscribe';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/newsletter - subscribe; a confirmation link is mailed (double opt-in)
  app.post(
    '/api/newsletter',
    { schema: { tags: ['newsletter'], body: newsletterBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await subscribeNewsletter({ email: request.body.email, locale: request.locale, ip: clientIp(request) });
      return { message: translate(request.locale, 'newsletter.check_inbox') };
    },
  );

  // POST /api/newsletter/confirm/:token - the link from the mail confirms the subscription
  app.post(
    '/api/newsletter/confirm/:token',
    {
      schema: {
        tags: ['newsletter'],
        params: linkTokenParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await confirmNewsletter({ token: request.params.token });
      return { message: translate(request.locale, 'newsletter.confirmed') };
    },
  );
};
