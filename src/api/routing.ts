import { routesToApi as pagesLeaveToApi } from '@/lib/api-routing';

// The split itself lives in src/lib (pages' links need it too, to leave the API's addresses unprefixed).
// The OAuth metadata (RFC 8414) is served by the API too; no page links to it, so the pages' copy of the
// rule, which travels in every page's JavaScript, leaves it out.
const oauthMetadata = /^\/\.well-known\/oauth-authorization-server(?:\?|$)/;

/** Paths served by the Fastify API; every other path is a page for Next.js. */
export function routesToApi(url: string): boolean {
  return pagesLeaveToApi(url) || oauthMetadata.test(url);
}
