import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteRoute } from '@/api/delete-route';
import { firstFile, formFiles, parseFields, readForm } from '@/api/forms';
import { actorOf } from '@/api/plugins/auth';
import { translate } from '@/i18n/translate';
import { addCommentBodySchema, answerCommentBodySchema, favouriteBodySchema } from '@/lib/schemas/comments';
import {
  dataOf,
  dataWithMessageOf,
  favouriteStateSchema,
  messageSchema,
} from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import { placeProfileBodySchema } from '@/lib/schemas/place-profile';
import {
  commentAddedSchema,
  placeCardSchema,
  placeDetailSchema,
  placePageSchema,
} from '@/lib/schemas/place-responses';
import { placeSearchQuerySchema } from '@/lib/schemas/search';
import { addComment, answerComment } from '@/server/comments/comments';
import {
  addPlaceFavourite,
  listPlaceFavourites,
  removePlaceFavourite,
} from '@/server/favourites/place-favourites';
import { getPlaceDetail } from '@/server/places/get-place';
import { listPlaces } from '@/server/places/list-places';
import { deletePlace, ownedPlace, savePlace } from '@/server/places/save-place';
import { companyMediaLimits } from '@/server/plans/limits';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/place - a page of places: text, city, category, distance; latest, name, stars, popular, closest
  app.get(
    '/api/place',
    { schema: { tags: ['places'], querystring: placeSearchQuerySchema, response: { 200: placePageSchema } } },
    async (request) => listPlaces({ ...request.query, locale: request.locale }),
  );

  // GET /api/place/favourite - the signed-in attendee's favourite places
  app.get(
    '/api/place/favourite',
    { schema: { tags: ['places'], response: { 200: dataOf(z.array(placeCardSchema)) } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: await listPlaceFavourites({ actor, locale: request.locale }) };
    },
  );

  // GET /api/place/:id - a place with everything of spec §3, less what its plan hides
  app.get(
    '/api/place/:id',
    { schema: { tags: ['places'], params: idParams, response: { 200: dataOf(placeDetailSchema) } } },
    async (request) => {
      const viewer = await request.currentUser();
      return {
        data: await getPlaceDetail({
          id: request.params.id,
          locale: request.locale,
          viewerId: viewer?.id ?? null,
        }),
      };
    },
  );

  // POST /api/place/add_favourite, remove_favourite - body { id }; both idempotent
  for (const [path, favourite] of [
    ['add_favourite', true],
    ['remove_favourite', false],
  ] as const) {
    app.post(
      `/api/place/${path}`,
      {
        schema: {
          tags: ['places'],
          body: favouriteBodySchema,
          response: { 200: dataOf(favouriteStateSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const placeId = request.body.id;
        await (favourite ? addPlaceFavourite({ actor, placeId }) : removePlaceFavourite({ actor, placeId }));
        return { data: { id: placeId, favourite } };
      },
    );
  }

  // POST /api/place/add_comment - rate and comment a place (attendees; one per place, editable)
  app.post(
    '/api/place/add_comment',
    {
      schema: {
        tags: ['places'],
        body: addCommentBodySchema,
        response: { 201: dataWithMessageOf(commentAddedSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { place_id, stars, comment } = request.body;
      const result = await addComment({ actor, placeId: place_id, stars, comment });
      return reply.status(201).send({ data: result, message: translate(request.locale, 'api.success') });
    },
  );

  // POST /api/place/answer_to_comment/:id - the owner's one answer, if the plan allows answers
  app.post(
    '/api/place/answer_to_comment/:id',
    {
      schema: {
        tags: ['places'],
        params: idParams,
        body: answerCommentBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await answerComment({ actor, commentId: request.params.id, answer: request.body.answer });
      return { message: translate(request.locale, 'api.success') };
    },
  );

  const save = (placeId: number | null) =>
    async function handler(request: FastifyRequest) {
      const actor = actorOf(request);
      if (placeId !== null) await ownedPlace(actor, placeId);
      const form = await readForm(
        request,
        formFiles.place((await companyMediaLimits(actor.id, 'place')).images),
      );
      const input = parseFields(placeProfileBodySchema, form.fields);
      const { id } = await savePlace({
        actor,
        placeId,
        input,
        files: {
          logo: firstFile(form.files, 'logo', 'new_photo_logo'),
          banner: firstFile(form.files, 'banner', 'new_photo_banner'),
          images: form.files.images ?? [],
        },
      });
      // The owner's answer carries every language's texts (issue 31).
      return getPlaceDetail({ id, locale: request.locale, viewerId: actor.id });
    };

  // POST /api/place - create a place for the signed-in company (multipart)
  app.post(
    '/api/place',
    { schema: { tags: ['places'], response: { 201: dataOf(placeDetailSchema) } } },
    async (request, reply) => reply.status(201).send({ data: await save(null)(request) }),
  );

  // POST /api/place/:id - update a place the company owns (multipart; _method=PUT accepted)
  app.post(
    '/api/place/:id',
    { schema: { tags: ['places'], params: idParams, response: { 200: dataOf(placeDetailSchema) } } },
    async (request) => ({ data: await save(request.params.id)(request) }),
  );

  // DELETE /api/place/:id - the owner deletes a place with what depends on it
  deleteRoute(app, '/api/place/:id', 'places', (actor, placeId) => deletePlace({ actor, placeId }));
};
