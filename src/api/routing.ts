/** Paths served by the Fastify API; every other path is a page for Next.js. */
export function routesToApi(url: string): boolean {
  return /^\/(api|oauth|media)(\/|\?|$)/.test(url);
}
