import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryResourceSchema, languageResourceSchema } from '@/lib/schemas/catalogue-responses';
import { dataOf } from '@/lib/schemas/common-responses';
import { listCategories, listLanguages } from '@/server/categories/list-categories';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/category - all categories, named in the request's language
  app.get(
    '/api/category',
    { schema: { tags: ['catalogue'], response: { 200: dataOf(z.array(categoryResourceSchema)) } } },
    async (request) => ({ data: await listCategories({ locale: request.locale }) }),
  );

  // GET /api/language - the languages a place's staff can speak
  app.get(
    '/api/language',
    { schema: { tags: ['catalogue'], response: { 200: dataOf(z.array(languageResourceSchema)) } } },
    async (request) => ({ data: await listLanguages({ locale: request.locale }) }),
  );
};
