import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyServerFactory } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { getConfig } from '@/config';
import { withReadPreference } from '@/db/client';
import { maxEventImages, maxImageBytes } from '@/lib/spec-limits';
import { AppError } from '@/server/errors';
import { logger, withRequestLog } from '@/server/log';
import { observeRequest } from '@/server/metrics/portal-metrics';
import { type LimitSeen, rateLimitScope } from '@/server/rate-limit';
import { compileTrust } from '@/web/client-address';
import { mayReadReplica } from '@/web/read-preference';
import { formBodyLimit, formFiles, parseUrlencoded, removeRequestUploads } from './forms';
import { completeDescription, describeRoutes } from './openapi/describe';
import { adminScope } from './plugins/admin-scope';
import { authPlugin } from './plugins/auth';
import { conditionalRequestsPlugin } from './plugins/conditional';
import { errorsPlugin, RequestValidationError } from './plugins/errors';
import { languagePlugin } from './plugins/language';
import { type LingerLimits, lingeringClosePlugin } from './plugins/lingering-close';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { accountsRoutes } from './routes/accounts';
import { adminCatalogueRoutes } from './routes/admin-catalogue';
import { adminInvoicesRoutes } from './routes/admin-invoices';
import { adminModerationRoutes } from './routes/admin-moderation';
import { adminOverviewRoutes } from './routes/admin-overview';
import { adminRefundsRoutes } from './routes/admin-refunds';
import { adminVerificationRoutes } from './routes/admin-verification';
import { billingRoutes } from './routes/billing';
import { calendarFeedRoutes } from './routes/calendar-feed';
import { eventsRoutes } from './routes/events';
import { feedsRoutes } from './routes/feeds';
import { geoRoutes } from './routes/geo';
import { iconsRoutes } from './routes/icons';
import { type ImportsRoutesOptions, importsRoutes } from './routes/imports';
import { invoicesRoutes } from './routes/invoices';
import { type LiveRoutesOptions, liveRoutes } from './routes/live';
import { mediaRoutes } from './routes/media';
import { messagesRoutes } from './routes/messages';
import { metaRoutes } from './routes/meta';
import { newsletterRoutes } from './routes/newsletter';
import { notificationsRoutes } from './routes/notifications';
import { oauthRoutes } from './routes/oauth';
import { operationsRoutes } from './routes/operations';
import { passwordRoutes } from './routes/password';
import { paymentsRoutes } from './routes/payments';
import { placesRoutes } from './routes/places';
import { plansRoutes } from './routes/plans';
import { promotionReportsRoutes } from './routes/promotion-reports';
import { registrationsRoutes } from './routes/registrations';
import { reportsRoutes } from './routes/reports';
import { type SeoRoutesOptions, seoRoutes } from './routes/seo';
import { sessionRoutes } from './routes/session';
import { socialRoutes } from './routes/social';
import { statsRoutes } from './routes/stats';
import { statsHitsRoutes } from './routes/stats-hits';
import { textsRoutes } from './routes/texts';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { widgetRoutes } from './routes/widget';

const largestFormBytes = formBodyLimit(formFiles.place(maxEventImages));
const tooLargeError = () => new AppError('payload_too_large', 'api.too_large');

export interface BuildApiOptions {
  logger?: boolean;
  serverFactory?: FastifyServerFactory;
  /** Tests shorten the live streams' keep-alive and limits. */
  live?: LiveRoutesOptions;
  /** Tests split the sitemap into small parts. */
  seo?: SeoRoutesOptions;
  /** Tests let calendar imports read from their local feed server. */
  imports?: ImportsRoutesOptions;
  /** Tests shorten how long the rest of an upload answered early is read. */
  linger?: Partial<LingerLimits>;
}

/** The REST API of spec §7. Tests drive it with `inject()`; server.ts mounts it beside Next.js. */
declare module 'fastify' {
  interface FastifyReply {
    /** The request's rate-limit scope (issue 34). */
    rateLimits?: { seen: LimitSeen | null };
  }
  interface FastifyInstance {
    /** Routes left out of the description (`schema.hide`); a test holds them to openapi/operations.ts. */
    hiddenRoutes: string[];
  }
}

export async function buildApi(options: BuildApiOptions = {}) {
  const config = getConfig();
  const app = Fastify({
    // The process's one logger (server/log.ts); tests that drive the API quietly pass `logger: false`.
    ...(options.logger === false ? { logger: false } : { loggerInstance: logger as FastifyBaseLogger }),
    // One rule with the pages' address (server.ts): X-Forwarded-For read from the right.
    trustProxy: config.trustProxy === false ? false : compileTrust(config.trustProxy),
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

  // Before anything reads: a signed-in caller (or a write) reads from the primary, so it sees its own
  // writes; an anonymous read may come from the replica. A callback hook, so the rest of the request
  // runs inside the context it sets.
  app.addHook('onRequest', (request, _reply, done) => {
    withReadPreference(mayReadReplica(request.method, request.headers), done);
  });
  // What the domain logs while serving a request carries the request's id, as Fastify's own lines do.
  app.addHook('onRequest', (request, _reply, done) => {
    withRequestLog(request.id, done);
  });
  // Issue 34: the limits a request counts against are collected in its scope and sent as `RateLimit-*`
  // headers (the IETF draft's names), a 429 included.
  app.decorateReply('rateLimits', undefined);
  app.addHook('onRequest', (_request, reply, done) => {
    const scope = { seen: null as LimitSeen | null };
    reply.rateLimits = scope;
    rateLimitScope.run(scope, done);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const seen = reply.rateLimits?.seen;
    if (seen) {
      reply.header('RateLimit-Limit', seen.limit);
      reply.header('RateLimit-Remaining', seen.remaining);
      reply.header('RateLimit-Reset', seen.reset);
      reply.header('RateLimit-Policy', `${seen.limit};w=${seen.window}`);
    }
    return payload;
  });
  // First, so that every answer has them, early refusals included.
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  // Multipart bodies are read by readForm (src/api/forms.ts) with each route's own limits, after the
  // caller is authorized; these are only the outer bounds.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxImageBytes + 1, files: 110, fields: 1000, fieldSize: 100 * 1024, parts: 1200 },
  });
  // Uploads wait in staging only as long as their request: answered or abandoned, they go.
  app.addHook('onResponse', removeRequestUploads);
  app.addHook('onRequestAbort', removeRequestUploads);
  // An upload answered before its end is read to its end (within bounds), so the client gets the answer.
  await app.register(lingeringClosePlugin, { bytes: largestFormBytes, ...options.linger });
  // Latency by route pattern, never the raw URL (a series per address would grow without bound).
  app.addHook('onResponse', async (request, reply) => {
    observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  // A declared length over what the largest form can hold is refused before routing or reading.
  app.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length']) > largestFormBytes) throw tooLargeError();
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      try {
        done(null, parseUrlencoded(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(conditionalRequestsPlugin);
  await app.register(sameOriginPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Wydarzenia i Miejsca API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      completeDescription('openapiObject' in documents ? documents.openapiObject : {}, config.publicUrl),
  });
  // From here on, every route must be described (openapi/operations.ts) and is held to its access.
  const routes = describeRoutes(app);
  app.decorate('hiddenRoutes', routes.hidden);

  await app.register(metaRoutes);
  await app.register(operationsRoutes);
  await app.register(iconsRoutes);
  await app.register(textsRoutes);
  await app.register(plansRoutes);
  await app.register(paymentsRoutes);
  await app.register(invoicesRoutes);
  await app.register(billingRoutes);
  await app.register(promotionReportsRoutes);
  await app.register(mediaRoutes);
  await app.register(notificationsRoutes);
  await app.register(messagesRoutes);
  await app.register(liveRoutes, options.live ?? {});
  await app.register(sessionRoutes);
  await app.register(oauthRoutes);
  await app.register(accountsRoutes);
  await app.register(passwordRoutes);
  await app.register(socialRoutes);
  await app.register(placesRoutes);
  await app.register(geoRoutes);
  await app.register(eventsRoutes);
  await app.register(registrationsRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(feedsRoutes);
  await app.register(importsRoutes, options.imports ?? {});
  await app.register(widgetRoutes);
  await app.register(newsletterRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(reportsRoutes);
  await app.register(statsHitsRoutes);
  await app.register(statsRoutes);
  // Every /api/admin/* route, behind the one role check.
  await app.register(
    adminScope([
      adminCatalogueRoutes,
      adminOverviewRoutes,
      adminModerationRoutes,
      adminVerificationRoutes,
      adminRefundsRoutes,
      adminInvoicesRoutes,
    ]),
  );
  await app.register(seoRoutes, options.seo ?? {});

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

export type Api = Awaited<ReturnType<typeof buildApi>>;
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;
