/** Paths served by the Fastify API (with the crawlers' files); every other path is a page for Next.js. */
export function routesToApi(url: string): boolean {
  return /^\/(?:(?:api|oauth|media|sitemaps)(?:[/?]|$)|(?:sitemap\.xml|robots\.txt|favicon\.ico)(?:\?|$))/.test(
    url,
  );
}
