import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerFactory } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { getConfig } from '../config';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, RequestValidationError } from './plugins/errors';
import { languagePlugin } from './plugins/language';
import { mediaRoutes } from './routes/media';
import { metaRoutes } from './routes/meta';
import { notificationsRoutes } from './routes/notifications';
import { plansRoutes } from './routes/plans';
import { sessionRoutes } from './routes/session';
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

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

export type Api = Awaited<ReturnType<typeof buildApi>>;
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;
