import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getConfig } from '@/config';
import { isLocale } from '@/lib/locale';
import { notFound } from '@/server/errors';
import { hit } from '@/server/rate-limit';
import { keptOgImage, renderOgImage } from '@/server/seo/og-image';
import { type OgFormat, ogVersion, readOgSource } from '@/server/seo/og-source';
import { type SitemapKind, sitemapIndex, sitemapPart } from '@/server/seo/sitemap';

export interface SeoRoutesOptions {
  /** Addresses per sitemap part (tests use a few to see the split); 50,000 by default. */
  sitemapUrlsPerFile?: number;
}

// Private areas, each with its English twin; the API too, apart from the share previews it draws.
const privatePaths = [
  '/admin',
  '/account',
  '/messages',
  '/notifications',
  '/profile',
  '/calendar',
  '/favourite',
  '/cart',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Link previews (Twitterbot obeys robots.txt) must reach the Open Graph images.
    'Allow: /api/og/',
    // The icon sprite the pages draw their icons from: a crawler that renders a page needs it.
    'Allow: /api/icons.svg',
    'Disallow: /api/',
    ...privatePaths.flatMap((p) => [`Disallow: ${p}`, `Disallow: /en${p}`]),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

// Crawlers come back often; an hour keeps new events in view without rebuilding the index per visit.
const sitemapCache = 'public, max-age=3600';

function sendXml(request: FastifyRequest, reply: FastifyReply, body: string | AsyncIterable<string>) {
  reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', sitemapCache);
  reply.header('Vary', 'Accept-Encoding');
  const stream = typeof body === 'string' ? Readable.from([body]) : Readable.from(body);
  // A part of 50,000 addresses is some 20 MB of XML and a tenth of it gzipped.
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(stream);
  return reply.header('Content-Encoding', 'gzip').send(stream.pipe(createGzip({ level: 4 })));
}

const ogTypes: Record<OgFormat, string> = { png: 'image/png', jpg: 'image/jpeg' };

export const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = async (app, options) => {
  const sitemapOptions = { urlsPerFile: options.sitemapUrlsPerFile };

  // GET /robots.txt - what crawlers may read, and where the sitemap is
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Cache-Control', sitemapCache)
      .send(robotsTxt(getConfig().publicUrl)),
  );

  // GET /sitemap.xml - the sitemap index (sitemaps.org), naming every part
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    sendXml(request, reply, await sitemapIndex(sitemapOptions)),
  );

  // GET /sitemaps/{kind}-{n}.xml - one part: pages, events or places, in both languages
  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const match = /^(pages|events|places)-([1-9]\d{0,5})\.xml$/.exec(request.params.file);
      if (!match) throw notFound();
      await hit('sitemapPartsByIp', request.ip);
      const part = await sitemapPart(match[1] as SitemapKind, Number(match[2]), sitemapOptions);
      if (!part) throw notFound();
      return sendXml(request, reply, part);
    },
  );

  // GET /api/og/{event|place}/{id}.{png|jpg} - the 1200×630 share preview of a public event or place
  app.get(
    '/api/og/:kind/:file',
    {
      schema: {
        hide: true,
        params: z.object({ kind: z.string().max(10), file: z.string().max(20) }),
        querystring: z.object({ v: z.string().max(40).optional(), lang: z.string().max(5).optional() }),
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const match = /^([1-9]\d{0,8})\.(png|jpg)$/.exec(file);
      if (!match || (kind !== 'event' && kind !== 'place')) throw notFound();
      const source = await readOgSource(kind, Number(match[1]));
      if (!source) throw notFound();
      const locale = isLocale(request.query.lang) ? request.query.lang : 'pl';
      const format = match[2] as OgFormat;
      const version = ogVersion(source, locale);
      // The version names what is drawn: the address a page gives may be kept for good, like a media
      // file (routes/media.ts); an old or missing version gets today's image for a short while only.
      const cache =
        request.query.v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
      const etag = `"${version}-${format}"`;
      reply
        .header('Cache-Control', cache)
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const image = await keptOgImage(`${kind}/${match[1]}/${etag}`, request.ip, () =>
        renderOgImage(source, locale, format),
      );
      return reply.header('Content-Type', ogTypes[format]).header('Content-Length', image.length).send(image);
    },
  );
};
