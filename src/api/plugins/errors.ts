import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { translate } from '@/i18n/translate';
import type { Locale } from '@/lib/locale';
import { type FieldMessage, fieldMessages } from '@/lib/validation';
import { tokenCookie } from '@/server/auth/access-tokens';
import { AppError, type ErrorCode } from '@/server/errors';

const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  limit_exceeded: 429,
  // A company with no event creations left: pay for a pack (spec §2 buy-packages dialog).
  quota_exceeded: 402,
  payload_too_large: 413,
  unavailable: 503,
};

export class RequestValidationError extends Error {
  constructor(readonly zodError: ZodError) {
    super('validation');
  }
}

function translateFields(locale: Locale, fields: Record<string, FieldMessage[]>) {
  return Object.fromEntries(
    Object.entries(fields).map(([field, list]) => [
      field,
      list.map((m) => translate(locale, m.key, m.params)),
    ]),
  );
}

/**
 * RFC 6750 §3: a 401's challenge. A request that sent a token (header or cookie) hears that it is invalid or
 * expired (`invalid_token`), so a client refreshes it; one that sent none gets the bare challenge. The
 * description is the header's, in ASCII as the RFC requires: the body says it in the caller's language.
 */
function bearerChallenge(request: FastifyRequest): string {
  const sent =
    /^bearer\s/i.test(request.headers.authorization ?? '') || request.cookies?.[tokenCookie] !== undefined;
  if (!sent) return 'Bearer realm="api"';
  return `Bearer realm="api", error="invalid_token", error_description="${translate('en', 'api.token_invalid')}"`;
}

// The one error shape (Laravel's): { message, errors? }. Anything unexpected is logged and
// answered with a generic 500 that leaks nothing of the database or the code.
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    const locale = request.locale;
    if (error instanceof RequestValidationError || error instanceof ZodError) {
      const zodError = error instanceof ZodError ? error : error.zodError;
      return reply.status(422).send({
        message: translate(locale, 'api.validation'),
        errors: translateFields(locale, fieldMessages(zodError)),
      });
    }
    if (error instanceof AppError) {
      if (error.code === 'limit_exceeded' && error.params?.seconds)
        reply.header('Retry-After', error.params.seconds);
      // A route with a challenge of its own (the metrics' token) keeps it.
      if (error.code === 'unauthenticated' && !reply.hasHeader('www-authenticate'))
        reply.header('WWW-Authenticate', bearerChallenge(request));
      const body: { message: string; errors?: Record<string, string[]> } = {
        message: translate(locale, error.messageKey, error.params),
      };
      if (error.fields) body.errors = translateFields(locale, error.fields);
      return reply.status(statusOf[error.code]).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: translate(locale, 'api.too_large') });
    if (status === 429)
      return reply.status(429).send({ message: translate(locale, 'api.too_many', { seconds: 60 }) });
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type and the like: the client's fault, said plainly.
      return reply.status(status === 415 ? 415 : 400).send({ message: translate(locale, 'api.bad_request') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translate(locale, 'api.server_error') });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: translate(request.locale, 'api.not_found') });
  });
});
