import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityCentreSchema, nearestCitySchema } from '@/lib/schemas/catalogue-responses';
import { dataOf } from '@/lib/schemas/common-responses';
import { decimalNumber } from '@/lib/schemas/fields';
import { notFound } from '@/server/errors';
import { cityCentre, nearestCityName } from '@/server/geo/cities';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/geo/nearest-city?lat=&lng= - reverse geocoding from the shipped list of Polish towns (offline)
  app.get(
    '/api/geo/nearest-city',
    {
      schema: {
        tags: ['geo'],
        querystring: z.object({
          lat: decimalNumber(z.number().min(-90).max(90)),
          lng: decimalNumber(z.number().min(-180).max(180)),
        }),
        response: { 200: dataOf(nearestCitySchema) },
      },
    },
    async (request) => {
      const city = nearestCityName(request.query.lat, request.query.lng);
      if (!city) throw notFound();
      return { data: { city } };
    },
  );

  // GET /api/geo/city?name= - the centre of a known Polish town, for placing a pin from an address
  app.get(
    '/api/geo/city',
    {
      schema: {
        tags: ['geo'],
        querystring: z.object({ name: z.string().trim().min(1).max(100) }),
        response: { 200: dataOf(cityCentreSchema) },
      },
    },
    async (request) => {
      const centre = cityCentre(request.query.name);
      if (!centre) throw notFound();
      return { data: { name: request.query.name, ...centre } };
    },
  );
};
