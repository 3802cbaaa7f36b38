import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A page's form sent by the browser itself, before the page's code took it over (a press on a slow phone
 * before hydration), comes here as a POST to the page's own address: the forms that carry a password say
 * `method="post"` so that it never travels in an address, a history entry or a log. Pages take no POST
 * (the portal has no server actions), so the browser is sent back to the page with a GET, the body discarded;
 * by then the form's code has loaded and the visitor sends it again. A server action (`Next-Action`) would
 * pass through.
 */
export function sendFormPostBack(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST' || req.headers['next-action'] !== undefined) return false;
  res.statusCode = 303;
  res.setHeader('Location', req.url ?? '/');
  res.setHeader('Cache-Control', 'no-store');
  // Discarded as it comes, so the browser reads the answer (closing on an unread body can reset it).
  req.resume();
  res.end();
  return true;
}
