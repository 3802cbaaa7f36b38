import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '@/api/plugins/auth';
import { getDbHandle } from '@/db/client';
import { liveCountsSchema, liveQuerySchema } from '@/lib/schemas/live';
import { getLiveCounts } from '@/server/live/live-counts';
import { createLiveHub, type LiveHubOptions, type LiveStream } from '@/server/live/live-hub';

export type LiveRoutesOptions = LiveHubOptions;

export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const hub = createLiveHub(getDbHandle(), options);
  // Before the server closes: open streams are never idle, so closing would otherwise wait for them.
  app.addHook('preClose', () => hub.stop());

  // GET /api/live - the top bar's counts as server-sent events, again whenever they change; once=1 answers them once
  app.get(
    '/api/live',
    { schema: { tags: ['live'], querystring: liveQuerySchema, response: { 200: liveCountsSchema } } },
    async (request, reply) => {
      const user = actorOf(request);
      if (request.query.once) return getLiveCounts({ user });
      const res = reply.raw;
      const stream: LiveStream = {
        user,
        write(chunk) {
          // Headers go with the first event, so that a refusal (too many streams) is still a plain 429.
          if (!res.headersSent) {
            // The headers every answer gets (security headers), which a hijacked reply does not send itself.
            for (const [name, value] of Object.entries(reply.getHeaders())) {
              if (value !== undefined) res.setHeader(name, value);
            }
            res.writeHead(200, {
              'content-type': 'text/event-stream; charset=utf-8',
              'cache-control': 'no-cache, no-store',
              // A stream's connection is never reused: closed with it, it cannot keep a closing server waiting.
              connection: 'close',
              // Tells buffering proxies (nginx) to pass each event on at once.
              'x-accel-buffering': 'no',
            });
          }
          res.write(chunk);
        },
        end: () => res.end(),
      };
      let gone = false;
      res.on('close', () => {
        gone = true;
        hub.close(stream);
      });
      await hub.open(stream);
      reply.hijack();
      // The tab may have gone while the stream was being opened.
      if (gone) hub.close(stream);
    },
  );
};
