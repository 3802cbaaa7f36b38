import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getConfig } from '@/config';
import { translate } from '@/i18n/translate';
import { localePath } from '@/lib/locale-path';
import { fieldMessages } from '@/lib/validation';
import { embedScriptPath, widgetPath } from '@/lib/widget';
import { embedScript } from '@/server/widget/embed-script';
import { renderWidget, renderWidgetError, widgetInlineSources } from '@/server/widget/render-widget';
import { listWidgetEvents, parseWidgetQuery } from '@/server/widget/widget-events';
import { widgetSecurityHeaders } from '@/web/security-headers';

// The embeddable widget (issue 17): plain HTML built by the API, not a Next.js page, because a page
// brings the portal's layout and its JavaScript (far over the 15 KB budget) and the page plumbing's
// cookies; here the answer is a few KB, sets no cookie and depends on nothing but its URL.

const html = 'text/html; charset=utf-8';
// As long as searches are kept (search-cache.ts), so a busy host page costs one search per interval.
const widgetCacheControl = 'public, max-age=30';
const scriptCacheControl = 'public, max-age=3600';

export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const headers = widgetSecurityHeaders(getConfig(), widgetInlineSources);

  // GET /api/widget/events.html - the next events of a place (place_id) or of any GET /api/event search
  app.get(
    widgetPath,
    {
      schema: {
        tags: ['widget'],
        description:
          'An embeddable list of upcoming events: `theme` light|dark, `lang` pl|en, `limit` 1-20 (default 5), and any parameter of GET /api/event.',
        produces: ['text/html'],
        response: {
          200: z.string().describe('The widget (HTML)'),
          422: z.string().describe('The widget’s settings are invalid (HTML)'),
        },
      },
    },
    async (request, reply) => {
      reply.headers(headers).header('Content-Type', html).removeHeader('Vary');
      const parsed = parseWidgetQuery(request.query as Record<string, unknown>);
      if (!parsed.success) {
        const problems = Object.entries(fieldMessages(parsed.error)).flatMap(([field, list]) =>
          list.map((m) => `${field}: ${translate(parsed.lang, m.key, m.params)}`),
        );
        return reply
          .status(422)
          .header('Cache-Control', 'no-store')
          .send(renderWidgetError({ lang: parsed.lang, theme: parsed.theme, problems }));
      }
      const { lang, theme, search, searchParams } = parsed.data;
      const origin = getConfig().publicUrl;
      const more = search.place_id
        ? `/places/${search.place_id}`
        : `/list${searchParams.size ? `?${searchParams}` : ''}#event_type`;
      const events = await listWidgetEvents({ search, lang });
      return reply.header('Cache-Control', widgetCacheControl).send(
        renderWidget({
          events,
          lang,
          theme,
          eventUrl: (id) => origin + localePath(`/event/${id}`, lang),
          moreUrl: origin + localePath(more, lang),
        }),
      );
    },
  );

  // GET /api/widget/embed.js - the script snippet's code: puts the widget's iframe after its own tag
  app.get(
    embedScriptPath,
    {
      schema: {
        tags: ['widget'],
        produces: ['text/javascript'],
        response: { 200: z.string().describe('The script snippet’s code') },
      },
    },
    async (_request, reply) =>
      reply
        .headers(headers)
        .removeHeader('Vary')
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', scriptCacheControl)
        .send(embedScript()),
  );
};
