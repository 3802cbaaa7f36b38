import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tokenCookie } from '@/server/auth/access-tokens';

/**
 * Issue 34 item 3: every successful GET answer of the API carries a strong `ETag` (a hash of the bytes sent)
 * and honours `If-None-Match` with a 304, so a client that asks again for an unchanged list, detail or text
 * page downloads nothing. Computed from the answer itself, the tag is the same whether the search cache, the
 * page data or the database gave it, and changes with the first write that changes the answer.
 *
 * How long an answer may be kept: none of them without asking again (`no-cache`), since a write must show on
 * the next request; a public one may be kept by shared caches (`public`), an answer for a signed-in caller
 * only by the caller's own (`private`). Answers that set their own caching (`no-store`, feeds, media, the
 * widget, the OAuth metadata) keep it, and get no tag.
 */
function personal(request: FastifyRequest): boolean {
  return (
    /^bearer\s/i.test(request.headers.authorization ?? '') || request.cookies?.[tokenCookie] !== undefined
  );
}

/** Whether `If-None-Match` names the tag (RFC 9110 §13.1.2: a list, `*`, weak tags compared weakly). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function conditional(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // An answer that says how it is cached (no-store, the widget's shared-cache minutes, media) is left as it is.
  if (reply.hasHeader('cache-control')) return payload;
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', personal(request) ? 'private, no-cache' : 'public, no-cache');
  // The language of an answer follows Accept-Language, or the choice kept in a cookie.
  reply.header('Vary', 'Accept-Language, Cookie, Authorization');
  if (!matches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-length');
  reply.removeHeader('content-type');
  return '';
}

export const conditionalRequestsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', conditional);
});
