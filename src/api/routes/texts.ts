import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textResourceSchema } from '@/lib/schemas/catalogue-responses';
import { dataOf } from '@/lib/schemas/common-responses';
import { getTextBySlug } from '@/server/texts/get-text';

export const textsRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/text/slug/:slug - a text page (HTML) in the request's language
  app.get(
    '/api/text/slug/:slug',
    {
      schema: {
        tags: ['texts'],
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/) }),
        response: { 200: dataOf(textResourceSchema) },
      },
    },
    async (request) => ({ data: await getTextBySlug({ slug: request.params.slug, locale: request.locale }) }),
  );
};
