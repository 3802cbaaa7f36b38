import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '@/api/forms';
import { translate } from '@/i18n/translate';
import { emailOnlyBodySchema, passwordResetBodySchema } from '@/lib/schemas/account';
import { messageSchema } from '@/lib/schemas/common-responses';
import { resetPassword, sendPasswordReset } from '@/server/auth/password-reset';
import { deviceCookie } from '@/server/auth/session-cookies';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/password/send_email - mails a reset link; the same answer for known and unknown addresses
  app.post(
    '/api/password/send_email',
    { schema: { tags: ['accounts'], body: emailOnlyBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await sendPasswordReset({ email: request.body.email, ip: clientIp(request) });
      return { message: translate(request.locale, 'auth.reset_sent') };
    },
  );

  // POST /api/password/reset - sets a new password with the mailed token; signs out every session, mails a
  // notice; the browser that proved the mailbox gets the account's device cookie for its next sign-in
  app.post(
    '/api/password/reset',
    { schema: { tags: ['accounts'], body: passwordResetBodySchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      const { email, token, password } = request.body;
      const { device } = await resetPassword({ email, token, password, ip: clientIp(request) });
      reply.header('Set-Cookie', deviceCookie(device, '/api/session'));
      return { message: translate(request.locale, 'auth.reset_done') };
    },
  );
};
