import type { FastifyInstance } from 'fastify';
import { spriteSvg, spriteVersion } from '@/components/ui/icon-sprite';

/** The icon sprite the pages refer to (src/components/ui/icons.tsx); cached for good at its versioned address. */
export async function iconsRoutes(app: FastifyInstance) {
  app.get('/api/icons.svg', { schema: { hide: true } }, async (request, reply) => {
    const { v } = request.query as { v?: string };
    reply
      .type('image/svg+xml; charset=utf-8')
      .header(
        'Cache-Control',
        v === spriteVersion ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    return spriteSvg;
  });
}
