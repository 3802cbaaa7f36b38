import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp, firstFile, formFiles, parseFields, readForm } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import { emailOnlyBodySchema, registerUserBodySchema, updateUserBodySchema } from '@/lib/schemas/account';
import { publicUserSchema, userResourceSchema } from '@/lib/schemas/account-responses';
import { dataOf, dataWithMessageOf, messageSchema } from '@/lib/schemas/common-responses';
import { idParams, linkTokenParams } from '@/lib/schemas/fields';
import { companyRegistrationBodySchema, placeProfileBodySchema } from '@/lib/schemas/place-profile';
import { getPublicUser, getUserResource } from '@/server/accounts/get-user';
import { registerCompany, registerUser } from '@/server/accounts/register';
import {
  authorizeProfileEdit,
  updateCompanyProfile,
  updateUserProfile,
} from '@/server/accounts/update-profile';
import { confirmEmail, resendVerification } from '@/server/accounts/verification';
import { sendPasswordLink } from '@/server/auth/password-reset';
import { AppError } from '@/server/errors';
import { companyMediaLimits } from '@/server/plans/limits';

// A Laravel-style client updates with POST and `_method=PUT`; nothing else is accepted there.
function requirePutOverride(fields: Record<string, unknown>) {
  // One plain string: a list (`_method[]=PUT`) or an object is no override either.
  const method = fields._method;
  if (typeof method !== 'string' || method.toUpperCase() !== 'PUT') {
    throw new AppError('validation', 'api.validation', { _method: [{ key: 'validation.method_put' }] });
  }
}

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both profile forms (attendee and company) answer with the account as GET /api/user shows it.
  const profileEditSchema = {
    tags: ['accounts'],
    params: idParams,
    response: { 200: dataWithMessageOf(userResourceSchema) },
  };

  // POST /api/user - register an attendee (multipart or JSON); a confirmation mail follows
  app.post(
    '/api/user',
    { schema: { tags: ['accounts'], response: { 201: messageSchema } } },
    async (request, reply) => {
      const form = await readForm(request, formFiles.user());
      const input = parseFields(registerUserBodySchema, form.fields);
      await registerUser({
        input,
        image: firstFile(form.files, 'image', 'new_photo_image'),
        locale: request.locale,
        ip: clientIp(request),
      });
      // No id: the answer must read the same whether or not the address already had an account.
      return reply.status(201).send({ message: translate(request.locale, 'auth.registered') });
    },
  );

  // POST /api/company - register an organiser with its first place (multipart or JSON)
  app.post(
    '/api/company',
    { schema: { tags: ['accounts'], response: { 201: messageSchema } } },
    async (request, reply) => {
      const form = await readForm(request, formFiles.place((await companyMediaLimits(null, 'place')).images));
      const input = parseFields(companyRegistrationBodySchema, form.fields);
      await registerCompany({
        input,
        files: {
          logo: firstFile(form.files, 'logo', 'new_photo_logo'),
          banner: firstFile(form.files, 'banner', 'new_photo_banner'),
          images: form.files.images ?? [],
        },
        locale: request.locale,
        ip: clientIp(request),
      });
      return reply.status(201).send({ message: translate(request.locale, 'auth.registered') });
    },
  );

  // POST /api/user/verify/:token - confirm an account once
  app.post(
    '/api/user/verify/:token',
    {
      schema: {
        tags: ['accounts'],
        params: linkTokenParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await confirmEmail({ token: request.params.token });
      return { message: translate(request.locale, 'auth.verified') };
    },
  );

  // POST /api/user/resend_email - a new confirmation link; the same answer whether or not the address is known
  app.post(
    '/api/user/resend_email',
    { schema: { tags: ['accounts'], body: emailOnlyBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await resendVerification({ email: request.body.email, ip: clientIp(request) });
      return { message: translate(request.locale, 'auth.resend_sent') };
    },
  );

  // POST /api/user/password_link - mails the signed-in account a link to set its password (the only way
  // to a first password for an account made by social sign-in)
  app.post(
    '/api/user/password_link',
    { schema: { tags: ['accounts'], response: { 200: messageSchema } } },
    async (request) => {
      const user = actorOf(request);
      const email = await sendPasswordLink({ userId: user.id, ip: clientIp(request) });
      return { message: translate(request.locale, 'auth.password_link_sent', { email }) };
    },
  );

  // GET /api/user - the signed-in account (spec §3 User)
  app.get(
    '/api/user',
    { schema: { tags: ['accounts'], response: { 200: dataOf(userResourceSchema) } } },
    async (request) => {
      const user = actorOf(request);
      return { data: await getUserResource({ userId: user.id, locale: request.locale }) };
    },
  );

  // GET /api/user/:id - another account's public name (for conversations)
  app.get(
    '/api/user/:id',
    { schema: { tags: ['accounts'], params: idParams, response: { 200: dataOf(publicUserSchema) } } },
    async (request) => {
      actorOf(request);
      return { data: await getPublicUser({ id: request.params.id }) };
    },
  );

  // POST /api/user/:id with _method=PUT - edit one's own attendee profile
  app.post('/api/user/:id', { schema: profileEditSchema }, async (request) => {
    const actor = actorOf(request);
    authorizeProfileEdit(actor, request.params.id, 'user');
    const form = await readForm(request, formFiles.user());
    requirePutOverride(form.fields);
    const input = parseFields(updateUserBodySchema, form.fields);
    await updateUserProfile({
      actor,
      userId: request.params.id,
      input,
      image: firstFile(form.files, 'image', 'new_photo_image'),
      locale: request.locale,
    });
    return {
      data: await getUserResource({ userId: actor.id, locale: request.locale }),
      message: translate(request.locale, 'api.success'),
    };
  });

  // POST /api/company/:id with _method=PUT - edit one's own company profile (its place)
  app.post('/api/company/:id', { schema: profileEditSchema }, async (request) => {
    const actor = actorOf(request);
    authorizeProfileEdit(actor, request.params.id, 'company');
    const form = await readForm(
      request,
      formFiles.place((await companyMediaLimits(actor.id, 'place')).images),
    );
    requirePutOverride(form.fields);
    const input = parseFields(placeProfileBodySchema, form.fields);
    await updateCompanyProfile({
      actor,
      userId: request.params.id,
      input,
      files: {
        logo: firstFile(form.files, 'logo', 'new_photo_logo'),
        banner: firstFile(form.files, 'banner', 'new_photo_banner'),
        images: form.files.images ?? [],
      },
    });
    return {
      data: await getUserResource({ userId: actor.id, locale: request.locale }),
      message: translate(request.locale, 'api.success'),
    };
  });
};
