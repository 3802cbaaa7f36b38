import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstFile, parseFields, readForm } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import {
  adminAttributeSchema,
  adminCategorySchema,
  adminEventPackSchema,
  adminHomeAdSchema,
  adminLanguageSchema,
  adminPacksSchema,
  adminPlanSchema,
  adminPricePackSchema,
  adminTextSchema,
  attributeInputSchema,
  categoryInputSchema,
  eventPackInputSchema,
  homeAdInputSchema,
  languageInputSchema,
  planInputSchema,
  pricePackInputSchema,
  textInputSchema,
  textPreviewBodySchema,
  textSlugParams,
} from '@/lib/schemas/admin-catalogue';
import { dataOf, dataWithMessageOf, noContentSchema } from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import {
  createAttribute,
  deleteAttribute,
  getAdminAttribute,
  listAdminAttributes,
  updateAttribute,
} from '@/server/admin/catalogue/attributes';
import { getAdminCategory, listAdminCategories } from '@/server/admin/catalogue/categories';
import {
  createLanguage,
  deleteLanguage,
  listAdminLanguages,
  updateLanguage,
} from '@/server/admin/catalogue/languages';
import {
  createEventPack,
  createPricePack,
  deleteEventPack,
  deletePricePack,
  listAdminPacks,
  updateEventPack,
  updateHomeAd,
  updatePricePack,
} from '@/server/admin/catalogue/packs';
import { createPlan, getAdminPlan, listAdminPlans, updatePlan } from '@/server/admin/catalogue/plans';
import { createCategory, deleteCategory, updateCategory } from '@/server/admin/catalogue/save-category';
import { getAdminText, listAdminTexts, sanitizeTextHtml, updateText } from '@/server/admin/catalogue/texts';

// The admin catalogue (issue 14 point 4), in the admin scope (`adminScope`, role checked before any body
// is read); bodies are JSON, the category forms may be multipart (an image in `image`).

const base = '/api/admin/catalogue';
const tags = ['admin'];
const categoryFiles = { image: { max: 1 } };
const body = (request: { body: unknown }) =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/admin/catalogue/category - every category with both names and how many events use it
  app.get(
    `${base}/category`,
    { schema: { tags, response: { 200: dataOf(z.array(adminCategorySchema)) } } },
    async () => {
      return { data: await listAdminCategories() };
    },
  );

  // POST /api/admin/catalogue/category - a new category (JSON or multipart with an optional `image`)
  app.post(
    `${base}/category`,
    { schema: { tags, response: { 201: dataWithMessageOf(adminCategorySchema) } } },
    async (request, reply) => {
      const admin = actorOf(request);
      const form = await readForm(request, categoryFiles);
      const input = parseFields(categoryInputSchema, form.fields);
      const id = await createCategory({ adminId: admin.id, input, image: firstFile(form.files, 'image') });
      return reply
        .status(201)
        .send({ data: await getAdminCategory(id), message: translate(request.locale, 'api.success') });
    },
  );

  // PUT /api/admin/catalogue/category/:id - edits a category (JSON or multipart with an optional `image`)
  app.put(
    `${base}/category/:id`,
    { schema: { tags, params: idParams, response: { 200: dataWithMessageOf(adminCategorySchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const form = await readForm(request, categoryFiles);
      const input = parseFields(categoryInputSchema, form.fields);
      const id = request.params.id;
      await updateCategory({ adminId: admin.id, id, input, image: firstFile(form.files, 'image') });
      return { data: await getAdminCategory(id), message: translate(request.locale, 'api.success') };
    },
  );

  // DELETE /api/admin/catalogue/category/:id - only a category no event uses (else 422)
  app.delete(
    `${base}/category/:id`,
    { schema: { tags, params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const admin = actorOf(request);
      await deleteCategory({ adminId: admin.id, id: request.params.id });
      return reply.status(204).send();
    },
  );

  // GET /api/admin/catalogue/language - every language with both names and how many places list it
  app.get(
    `${base}/language`,
    { schema: { tags, response: { 200: dataOf(z.array(adminLanguageSchema)) } } },
    async () => {
      return { data: await listAdminLanguages() };
    },
  );

  // POST /api/admin/catalogue/language - a new language
  app.post(
    `${base}/language`,
    { schema: { tags, response: { 201: dataWithMessageOf(z.object({ id: z.int() })) } } },
    async (request, reply) => {
      const admin = actorOf(request);
      const input = parseFields(languageInputSchema, body(request));
      const id = await createLanguage({ adminId: admin.id, input });
      return reply.status(201).send({ data: { id }, message: translate(request.locale, 'api.success') });
    },
  );

  // PUT /api/admin/catalogue/language/:id - edits a language's code and names
  app.put(
    `${base}/language/:id`,
    { schema: { tags, params: idParams, response: { 200: dataWithMessageOf(z.object({ id: z.int() })) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(languageInputSchema, body(request));
      await updateLanguage({ adminId: admin.id, id: request.params.id, input });
      return { data: { id: request.params.id }, message: translate(request.locale, 'api.success') };
    },
  );

  // DELETE /api/admin/catalogue/language/:id - only a language no place lists (else 422)
  app.delete(
    `${base}/language/:id`,
    { schema: { tags, params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const admin = actorOf(request);
      await deleteLanguage({ adminId: admin.id, id: request.params.id });
      return reply.status(204).send();
    },
  );

  // GET /api/admin/catalogue/attribute - the attributes (issue 30) with both names and their use
  app.get(
    `${base}/attribute`,
    { schema: { tags, response: { 200: dataOf(z.array(adminAttributeSchema)) } } },
    async () => {
      return { data: await listAdminAttributes() };
    },
  );

  // POST /api/admin/catalogue/attribute - a new attribute (names pl/en, group, icon, places/events)
  app.post(
    `${base}/attribute`,
    { schema: { tags, response: { 201: dataWithMessageOf(adminAttributeSchema) } } },
    async (request, reply) => {
      const admin = actorOf(request);
      const input = parseFields(attributeInputSchema, body(request));
      const id = await createAttribute({ adminId: admin.id, input });
      return reply
        .status(201)
        .send({ data: await getAdminAttribute(id), message: translate(request.locale, 'api.success') });
    },
  );

  // PUT /api/admin/catalogue/attribute/:id - edits an attribute
  app.put(
    `${base}/attribute/:id`,
    { schema: { tags, params: idParams, response: { 200: dataWithMessageOf(adminAttributeSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(attributeInputSchema, body(request));
      await updateAttribute({ adminId: admin.id, id: request.params.id, input });
      return {
        data: await getAdminAttribute(request.params.id),
        message: translate(request.locale, 'api.success'),
      };
    },
  );

  // DELETE /api/admin/catalogue/attribute/:id - deletes it and takes it off every place and event
  app.delete(
    `${base}/attribute/:id`,
    { schema: { tags, params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const admin = actorOf(request);
      await deleteAttribute({ adminId: admin.id, id: request.params.id });
      return reply.status(204).send();
    },
  );

  // GET /api/admin/catalogue/text - the text pages in both languages
  app.get(
    `${base}/text`,
    { schema: { tags, response: { 200: dataOf(z.array(adminTextSchema)) } } },
    async () => {
      return { data: await listAdminTexts() };
    },
  );

  // GET /api/admin/catalogue/text/:slug - one text page in both languages
  app.get(
    `${base}/text/:slug`,
    { schema: { tags, params: textSlugParams, response: { 200: dataOf(adminTextSchema) } } },
    async (request) => {
      return { data: await getAdminText(request.params.slug) };
    },
  );

  // PUT /api/admin/catalogue/text/:slug - edits a text page's titles and HTML (sanitised on save)
  app.put(
    `${base}/text/:slug`,
    { schema: { tags, params: textSlugParams, response: { 200: dataWithMessageOf(adminTextSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(textInputSchema, body(request));
      const data = await updateText({ adminId: admin.id, slug: request.params.slug, input });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // POST /api/admin/catalogue/text-preview - the HTML as it would be saved, for the preview
  app.post(
    `${base}/text-preview`,
    { schema: { tags, response: { 200: dataOf(z.object({ html: z.string() })) } } },
    async (request) => {
      const { html } = parseFields(textPreviewBodySchema, body(request));
      return { data: { html: sanitizeTextHtml(html) } };
    },
  );

  // GET /api/admin/catalogue/plan - the premium plans with every field; prices in grosze
  app.get(
    `${base}/plan`,
    { schema: { tags, response: { 200: dataOf(z.array(adminPlanSchema)) } } },
    async () => {
      return { data: await listAdminPlans() };
    },
  );

  // POST /api/admin/catalogue/plan - a new plan (price in PLN)
  app.post(
    `${base}/plan`,
    { schema: { tags, response: { 201: dataWithMessageOf(adminPlanSchema) } } },
    async (request, reply) => {
      const admin = actorOf(request);
      const input = parseFields(planInputSchema, body(request));
      const id = await createPlan({ adminId: admin.id, input });
      return reply
        .status(201)
        .send({ data: await getAdminPlan(id), message: translate(request.locale, 'api.success') });
    },
  );

  // PUT /api/admin/catalogue/plan/:id - edits a plan (price in PLN); marking it default clears the others
  app.put(
    `${base}/plan/:id`,
    { schema: { tags, params: idParams, response: { 200: dataWithMessageOf(adminPlanSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(planInputSchema, body(request));
      const data = await updatePlan({ adminId: admin.id, id: request.params.id, input });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // GET /api/admin/catalogue/packs - event packs, promotion packs and the home-ad offer; prices in grosze
  app.get(`${base}/packs`, { schema: { tags, response: { 200: dataOf(adminPacksSchema) } } }, async () => {
    return { data: await listAdminPacks() };
  });

  // POST /api/admin/catalogue/event-pack - a new event pack (price in PLN)
  app.post(
    `${base}/event-pack`,
    { schema: { tags, response: { 201: dataWithMessageOf(adminEventPackSchema) } } },
    async (request, reply) => {
      const admin = actorOf(request);
      const input = parseFields(eventPackInputSchema, body(request));
      const data = await createEventPack({ adminId: admin.id, input });
      return reply.status(201).send({ data, message: translate(request.locale, 'api.success') });
    },
  );

  // PUT /api/admin/catalogue/event-pack/:id - edits an event pack
  app.put(
    `${base}/event-pack/:id`,
    { schema: { tags, params: idParams, response: { 200: dataWithMessageOf(adminEventPackSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(eventPackInputSchema, body(request));
      const data = await updateEventPack({ adminId: admin.id, id: request.params.id, input });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // DELETE /api/admin/catalogue/event-pack/:id - removes an event pack
  app.delete(
    `${base}/event-pack/:id`,
    { schema: { tags, params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const admin = actorOf(request);
      await deleteEventPack({ adminId: admin.id, id: request.params.id });
      return reply.status(204).send();
    },
  );

  // POST /api/admin/catalogue/price-pack - a new promotion pack (price in PLN)
  app.post(
    `${base}/price-pack`,
    { schema: { tags, response: { 201: dataWithMessageOf(adminPricePackSchema) } } },
    async (request, reply) => {
      const admin = actorOf(request);
      const input = parseFields(pricePackInputSchema, body(request));
      const data = await createPricePack({ adminId: admin.id, input });
      return reply.status(201).send({ data, message: translate(request.locale, 'api.success') });
    },
  );

  // PUT /api/admin/catalogue/price-pack/:id - edits a promotion pack
  app.put(
    `${base}/price-pack/:id`,
    { schema: { tags, params: idParams, response: { 200: dataWithMessageOf(adminPricePackSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(pricePackInputSchema, body(request));
      const data = await updatePricePack({ adminId: admin.id, id: request.params.id, input });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );

  // DELETE /api/admin/catalogue/price-pack/:id - removes a promotion pack
  app.delete(
    `${base}/price-pack/:id`,
    { schema: { tags, params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const admin = actorOf(request);
      await deletePricePack({ adminId: admin.id, id: request.params.id });
      return reply.status(204).send();
    },
  );

  // PUT /api/admin/catalogue/home-ad - the home-page ad offer: days and price (in PLN)
  app.put(
    `${base}/home-ad`,
    { schema: { tags, response: { 200: dataWithMessageOf(adminHomeAdSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(homeAdInputSchema, body(request));
      const data = await updateHomeAd({ adminId: admin.id, input });
      return { data, message: translate(request.locale, 'api.success') };
    },
  );
};
