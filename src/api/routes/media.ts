import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@/server/errors';
import { getStorage } from '@/server/media/storage';

const types: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /media/* - stored images; names are content-addressed, so they may be cached for a year
  app.get(
    '/media/*',
    { schema: { hide: true, params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const key = request.params['*'];
      const ext = key.split('.').pop()?.toLowerCase() ?? '';
      const type = types[ext];
      const object = type ? await getStorage().get(key) : null;
      if (!object || !type) throw notFound();
      return reply
        .header('Content-Type', type)
        .header('Content-Length', object.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(object.body);
    },
  );
};
