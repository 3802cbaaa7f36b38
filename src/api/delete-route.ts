import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '@/api/plugins/auth';
import { noContentSchema } from '@/lib/schemas/common-responses';
import { idParams } from '@/lib/schemas/fields';
import type { AuthUser } from '@/server/auth/access-tokens';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `DELETE url` (ending in `:id`) of something a signed-in person deletes: the domain verb checks that it
 * is theirs; the answer is 204 with no body.
 */
export function deleteRoute(
  app: ZodApp,
  url: `${string}/:id`,
  tag: string,
  remove: (actor: AuthUser, id: number) => Promise<unknown>,
) {
  app.delete(
    url,
    { schema: { tags: [tag], params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
