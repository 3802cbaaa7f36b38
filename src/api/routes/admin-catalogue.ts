import type { FastifyRequest } from 'fastify';
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
  type CategoryInput,
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
import type { Upload } from '@/server/media/uploads';

// The admin catalogue (issue 14 point 4), in the admin scope (`adminScope`, role checked before any body
// is read); bodies are JSON, the category forms may be multipart (an image in `image`). Each kind has the
// same verbs, so they are registered by the helpers below: a list, a create (201), an edit and a delete
// (204), each calling one domain function with the admin and the parsed input.

const base = '/api/admin/catalogue';
const tags = ['admin'];
const categoryFiles = { image: { max: 1 } };
const body = (request: { body: unknown }) =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

/** Reads a write's input after the role check: `{ input }`, and for a category its optional `image`. */
type ReadInput<Form> = (request: FastifyRequest) => Promise<Form>;

/** A JSON body, parsed with its operation's schema. */
const json =
  <S extends z.ZodType>(schema: S): ReadInput<{ input: z.output<S> }> =>
  async (request) => ({ input: parseFields(schema, body(request)) });

/** A category's form, JSON or multipart with an optional `image`. */
const categoryForm: ReadInput<{ input: CategoryInput; image?: Upload }> = async (request) => {
  const form = await readForm(request, categoryFiles);
  return { input: parseFields(categoryInputSchema, form.fields), image: firstFile(form.files, 'image') };
};

const idAnswer = z.object({ id: z.int() });
const saved = <T>(request: FastifyRequest, data: T) => ({
  data,
  message: translate(request.locale, 'api.success'),
});

export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = <S extends z.ZodType>(path: string, data: S, read: () => Promise<z.input<S>>) =>
    app.get(
      `${base}/${path}`,
      { schema: { tags, response: { 200: dataOf<z.ZodType>(data) } } },
      async () => ({
        data: await read(),
      }),
    );

  const create = <Form, S extends z.ZodType>(
    path: string,
    read: ReadInput<Form>,
    answer: S,
    run: (args: Form & { adminId: number }) => Promise<z.input<S>>,
  ) =>
    app.post(
      `${base}/${path}`,
      { schema: { tags, response: { 201: dataWithMessageOf<z.ZodType>(answer) } } },
      async (request, reply) => {
        const admin = actorOf(request);
        const data = await run({ adminId: admin.id, ...(await read(request)) });
        return reply.status(201).send(saved(request, data));
      },
    );

  const update = <Form, S extends z.ZodType>(
    path: string,
    read: ReadInput<Form>,
    answer: S,
    run: (args: Form & { adminId: number; id: number }) => Promise<z.input<S>>,
  ) =>
    app.put(
      `${base}/${path}/:id`,
      { schema: { tags, params: idParams, response: { 200: dataWithMessageOf<z.ZodType>(answer) } } },
      async (request) => {
        const admin = actorOf(request);
        const data = await run({ adminId: admin.id, id: request.params.id, ...(await read(request)) });
        return saved(request, data);
      },
    );

  const remove = (path: string, run: (args: { adminId: number; id: number }) => Promise<void>) =>
    app.delete(
      `${base}/${path}/:id`,
      { schema: { tags, params: idParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        const admin = actorOf(request);
        await run({ adminId: admin.id, id: request.params.id });
        return reply.status(204).send();
      },
    );

  // GET /api/admin/catalogue/category - every category with both names and how many events use it
  list('category', z.array(adminCategorySchema), listAdminCategories);
  // POST /api/admin/catalogue/category - a new category (JSON or multipart with an optional `image`)
  create('category', categoryForm, adminCategorySchema, async (args) =>
    getAdminCategory(await createCategory(args)),
  );
  // PUT /api/admin/catalogue/category/:id - edits a category (JSON or multipart with an optional `image`)
  update('category', categoryForm, adminCategorySchema, async (args) => {
    await updateCategory(args);
    return getAdminCategory(args.id);
  });
  // DELETE /api/admin/catalogue/category/:id - only a category no event uses (else 422)
  remove('category', deleteCategory);

  // GET /api/admin/catalogue/language - every language with both names and how many places list it
  list('language', z.array(adminLanguageSchema), listAdminLanguages);
  // POST /api/admin/catalogue/language - a new language
  create('language', json(languageInputSchema), idAnswer, async (args) => ({
    id: await createLanguage(args),
  }));
  // PUT /api/admin/catalogue/language/:id - edits a language's code and names
  update('language', json(languageInputSchema), idAnswer, async (args) => {
    await updateLanguage(args);
    return { id: args.id };
  });
  // DELETE /api/admin/catalogue/language/:id - only a language no place lists (else 422)
  remove('language', deleteLanguage);

  // GET /api/admin/catalogue/attribute - the attributes (issue 30) with both names and their use
  list('attribute', z.array(adminAttributeSchema), listAdminAttributes);
  // POST /api/admin/catalogue/attribute - a new attribute (names pl/en, group, icon, places/events)
  create('attribute', json(attributeInputSchema), adminAttributeSchema, async (args) =>
    getAdminAttribute(await createAttribute(args)),
  );
  // PUT /api/admin/catalogue/attribute/:id - edits an attribute
  update('attribute', json(attributeInputSchema), adminAttributeSchema, async (args) => {
    await updateAttribute(args);
    return getAdminAttribute(args.id);
  });
  // DELETE /api/admin/catalogue/attribute/:id - deletes it and takes it off every place and event
  remove('attribute', deleteAttribute);

  // GET /api/admin/catalogue/text - the text pages in both languages
  list('text', z.array(adminTextSchema), listAdminTexts);

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
      return saved(request, await updateText({ adminId: admin.id, slug: request.params.slug, input }));
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
  list('plan', z.array(adminPlanSchema), listAdminPlans);
  // POST /api/admin/catalogue/plan - a new plan (price in PLN)
  create('plan', json(planInputSchema), adminPlanSchema, async (args) =>
    getAdminPlan(await createPlan(args)),
  );
  // PUT /api/admin/catalogue/plan/:id - edits a plan (price in PLN); marking it default clears the others
  update('plan', json(planInputSchema), adminPlanSchema, updatePlan);

  // GET /api/admin/catalogue/packs - event packs, promotion packs and the home-ad offer; prices in grosze
  list('packs', adminPacksSchema, listAdminPacks);
  // POST /api/admin/catalogue/event-pack - a new event pack (price in PLN)
  create('event-pack', json(eventPackInputSchema), adminEventPackSchema, createEventPack);
  // PUT /api/admin/catalogue/event-pack/:id - edits an event pack
  update('event-pack', json(eventPackInputSchema), adminEventPackSchema, updateEventPack);
  // DELETE /api/admin/catalogue/event-pack/:id - removes an event pack
  remove('event-pack', deleteEventPack);
  // POST /api/admin/catalogue/price-pack - a new promotion pack (price in PLN)
  create('price-pack', json(pricePackInputSchema), adminPricePackSchema, createPricePack);
  // PUT /api/admin/catalogue/price-pack/:id - edits a promotion pack
  update('price-pack', json(pricePackInputSchema), adminPricePackSchema, updatePricePack);
  // DELETE /api/admin/catalogue/price-pack/:id - removes a promotion pack
  remove('price-pack', deletePricePack);

  // PUT /api/admin/catalogue/home-ad - the home-page ad offer: days and price (in PLN)
  app.put(
    `${base}/home-ad`,
    { schema: { tags, response: { 200: dataWithMessageOf(adminHomeAdSchema) } } },
    async (request) => {
      const admin = actorOf(request);
      const input = parseFields(homeAdInputSchema, body(request));
      return saved(request, await updateHomeAd({ adminId: admin.id, input }));
    },
  );
};
