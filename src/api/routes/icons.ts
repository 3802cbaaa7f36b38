import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { spriteFingerprint, spriteSvg } from '@/components/ui/icon-sprite';

/** The icon sprite the pages refer to (src/components/ui/icons.tsx); cached for good at its versioned address. */
export async function iconsRoutes(app: FastifyInstance) {
  // Kept for good only at the address of the drawings served: a stale version in sprite-url.ts (which
  // the unit test catches) would otherwise pin old drawings in browsers.
  const version = spriteFingerprint();
  app.get('/api/icons.svg', { schema: { hide: true } }, async (request, reply) => {
    const { v } = request.query as { v?: string };
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    return spriteSvg;
  });

  // GET /favicon.ico - the pages name their icon (src/app/icon.svg), but browsers still ask for this
  // address now and then (a tab opened on a non-HTML answer, a page left before its head was read).
  // The same picture answers, as SVG: every browser that shows SVG icons takes it by its content type.
  const favicon = fs.readFileSync(path.join(process.cwd(), 'src/app/icon.svg'));
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400');
    return favicon;
  });
}
