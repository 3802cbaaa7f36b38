import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@/server/errors';
import { isValidKey, mediaCacheControl, mediaContentType } from '@/server/media/media-types';
import { directMediaUrl, getStorage } from '@/server/media/storage';

// A temporary redirect, cached for a day: the object behind a key never changes, but the address it is
// served from (S3_PUBLIC_URL, a CDN) may, and a 301 would keep browsers on the old one for good.
const redirectCacheControl = 'public, max-age=86400';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /media/* - stored images; names are content-addressed, so they may be cached for a year
  app.get(
    '/media/*',
    { schema: { hide: true, params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const key = request.params['*'];
      const type = mediaContentType(key);
      if (!type || !isValidKey(key)) throw notFound();
      const direct = directMediaUrl(key);
      if (direct) return reply.header('Cache-Control', redirectCacheControl).redirect(direct, 302);
      const object = await getStorage().get(key);
      if (!object) throw notFound();
      return reply
        .header('Content-Type', type)
        .header('Content-Length', object.size)
        .header('Cache-Control', mediaCacheControl)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(object.body);
    },
  );
};
