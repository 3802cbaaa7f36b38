import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { parse } from 'node:url';
import type { NextServer } from 'next/dist/server/next';
import type { Config } from '@/config';
import { withReadPreference } from '@/db/client';
import { logger, withRequestLog } from '@/server/log';
import { observePage, pageKind } from '@/server/metrics/portal-metrics';
import { countCachedVisit } from '@/web/cached-visit';
import { clientAddress, compileTrust } from '@/web/client-address';
import { applyLocalePrefix } from '@/web/locale-prefix';
import { pageCacheOutcome, servePage } from '@/web/page-cache';
import { sendFormPostBack } from '@/web/page-post';
import { refreshPageSession } from '@/web/page-session';
import { mayReadReplica } from '@/web/read-preference';
import { newNonce, securePage } from '@/web/security-headers';
import { assignVisitor } from '@/web/visitor-cookie';

type NextHandler = ReturnType<NextServer['getRequestHandler']>;

/**
 * Everything that is not the API (server.ts routes that to Fastify): Next.js's own files, then the pages,
 * each with its security headers, the visitor's session and cookie, its metrics, and the page cache.
 */
export function createPageHandler({
  config,
  dev,
  handleNext,
}: {
  config: Config;
  dev: boolean;
  handleNext: NextHandler;
}): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const trustProxy = compileTrust(config.trustProxy);
  // Development renders every time, so that edits show at once.
  const renderPage: typeof servePage = dev ? (_req, _res, render) => render() : servePage;
  return (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/_next/')) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      void handleNext(req, res, parse(url, true));
      return;
    }
    if (sendFormPostBack(req, res)) return;
    // English pages live under /en (src/web/locale-prefix.ts); from here on the path is unprefixed.
    applyLocalePrefix(req);
    const page = req.url ?? '/';
    const started = performance.now();
    res.once('finish', () =>
      observePage(
        pageKind(page),
        res.statusCode,
        (performance.now() - started) / 1000,
        pageCacheOutcome(res),
      ),
    );
    securePage(req, res, { config, nonce: newNonce(), dev });
    // Pages count visits per visitor; they get the peer address from here, never from the client.
    req.headers['x-portal-client-ip'] = clientAddress(req, trustProxy);
    // Visitors who are not signed in may be served from the read replica (DATABASE_READ_URL); what is
    // logged while the page renders carries the request's id.
    withRequestLog(randomUUID(), () =>
      withReadPreference(mayReadReplica(req.method, req.headers), () =>
        refreshPageSession(req, res)
          .catch((error) => logger.error({ err: error }, 'page: session refresh failed'))
          .then(() => assignVisitor(req, res))
          .finally(() =>
            renderPage(
              req,
              res,
              () => {
                // The page cache may have dropped query parameters no page reads: what is rendered is the
                // address it keeps the copy by. The layout's search bar shows its search without waiting
                // for the client.
                const rendered = req.url ?? '/';
                req.headers['x-portal-url'] = rendered;
                void handleNext(req, res, parse(rendered, true));
              },
              countCachedVisit,
            ),
          ),
      ),
    );
  };
}
