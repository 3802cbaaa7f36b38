import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attributeResourceSchema,
  categoryResourceSchema,
  languageResourceSchema,
} from '@/lib/schemas/catalogue-responses';
import { dataOf } from '@/lib/schemas/common-responses';
import { listAttributes } from '@/server/attributes/catalogue';
import { listCategories, listLanguages } from '@/server/categories/list-categories';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/category - all categories, named in the request's language
  app.get(
    '/api/category',
    { schema: { tags: ['catalogue'], response: { 200: dataOf(z.array(categoryResourceSchema)) } } },
    async (request) => ({ data: await listCategories({ locale: request.locale }) }),
  );

  // GET /api/attribute - the attributes (issue 30: accessibility, family, other), by group and position,
  // named in the request's language; `for=place|event` keeps those that apply to it
  app.get(
    '/api/attribute',
    {
      schema: {
        tags: ['catalogue'],
        querystring: z.object({
          for: z
            .enum(['place', 'event'])
            .optional()
            .describe('place or event: only the attributes that apply to it'),
        }),
        response: { 200: dataOf(z.array(attributeResourceSchema)) },
      },
    },
    async (request) => ({ data: await listAttributes({ locale: request.locale, kind: request.query.for }) }),
  );

  // GET /api/language - the languages a place's staff can speak
  app.get(
    '/api/language',
    { schema: { tags: ['catalogue'], response: { 200: dataOf(z.array(languageResourceSchema)) } } },
    async (request) => ({ data: await listLanguages({ locale: request.locale }) }),
  );
};
