import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerFactory } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { getConfig } from '../config';
import { maxImageBytes } from '../server/media/images';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, RequestValidationError } from './plugins/errors';
import { languagePlugin } from './plugins/language';
import { accountsRoutes } from './routes/accounts';
import { eventsRoutes } from './routes/events';
import { geoRoutes } from './routes/geo';
import { mediaRoutes } from './routes/media';
import { metaRoutes } from './routes/meta';
import { newsletterRoutes } from './routes/newsletter';
import { notificationsRoutes } from './routes/notifications';
import { oauthRoutes } from './routes/oauth';
import { passwordRoutes } from './routes/password';
import { placesRoutes } from './routes/places';
import { plansRoutes } from './routes/plans';
import { sessionRoutes } from './routes/session';
import { socialRoutes } from './routes/social';
import { textsRoutes } from './routes/texts';

export interface BuildApiOptions {
  logger?: boolean;
  serverFactory?: FastifyServerFactory;
}

/** The REST API of spec §7. Tests drive it with `inject()`; server.ts mounts it beside Next.js. */
export async function buildApi(options: BuildApiOptions = {}) {
  const config = getConfig();
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    serverFactory: options.serverFactory,
    bodyLimit: 1024 * 1024,
    // Laravel-style clients send `_method=PUT` on POST; routes read it themselves.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Raw issues are kept so the error handler can word them in the request's language.
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
  });
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  // Files are streamed and cut one byte past the image limit, so an oversize image is detected
  // without reading it whole; the counts bound the rest of a multipart body.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxImageBytes + 1, files: 120, fields: 1000, fieldSize: 200_000, parts: 1200 },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Wydarzenia i Miejsca API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(metaRoutes);
  await app.register(textsRoutes);
  await app.register(plansRoutes);
  await app.register(mediaRoutes);
  await app.register(notificationsRoutes);
  await app.register(sessionRoutes);
  await app.register(oauthRoutes);
  await app.register(accountsRoutes);
  await app.register(passwordRoutes);
  await app.register(socialRoutes);
  await app.register(placesRoutes);
  await app.register(geoRoutes);
  await app.register(eventsRoutes);
  await app.register(newsletterRoutes);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

export type Api = Awaited<ReturnType<typeof buildApi>>;
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;
