import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '@/config';

// The headers of every answer (decision 25). Pages get a strict CSP: scripts run only with this
// request's nonce, or when loaded by a script that had it ('strict-dynamic': Next.js's chunks, the
// Facebook SDK). Next.js reads the nonce from the request's own CSP header and puts it on its tags.

/** 128 random bits, base64url: a CSP nonce-source and safe in an HTML attribute as it is. */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

const nonceSource = /'nonce-([A-Za-z0-9_-]+)'/;

/** The nonce of a CSP header value, as Next.js finds it. */
export function nonceOf(csp: unknown): string | undefined {
  return typeof csp === 'string' ? csp.match(nonceSource)?.[1] : undefined;
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`; '' for none or a relative URL. */
function tileSource(tileUrl: string): string {
  if (!/^https?:\/\//.test(tileUrl)) return '';
  try {
    const url = new URL(tileUrl.replace(/\{s\}/g, 'tile-subdomain'));
    return url.origin.replace('tile-subdomain', '*');
  } catch {
    return '';
  }
}

interface PageHeaderOptions {
  config: Pick<Config, 'publicUrl' | 'map' | 'facebook'>;
  nonce: string;
  /** React's development build evaluates code for its tools: 'unsafe-eval', and only then. */
  dev?: boolean;
  /** The page's address without its /en prefix; it decides the referrer policy. */
  path?: string;
}

/**
 * Pages whose address carries a secret: the reset link's token (both of its paths), the confirmation,
 * newsletter and unsubscribe tokens, Google's sign-in code and a test payment's order id. With any
 * Referer their own requests and links would hand it on (OWASP Forgot Password Cheat Sheet).
 * A new page with a token in its address belongs here.
 */
const secretInAddress =
  /^\/(?:forget-password|password\/reset|unsubscribe|confirm|user\/verify|newsletter\/confirm|login\/google|cart\/finish|cart\/test)(?:[/?]|$)/;

/** `no-referrer` for a page whose address carries a secret; otherwise the origin only, across sites. */
export function referrerPolicy(path: string): string {
  return secretInAddress.test(path) ? 'no-referrer' : 'strict-origin-when-cross-origin';
}

function hsts(publicUrl: string): Record<string, string> {
  return publicUrl.startsWith('https://')
    ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
    : {};
}

export function pageSecurityHeaders({
  config,
  nonce,
  dev = false,
  path = '/',
}: PageHeaderOptions): Record<string, string> {
  const tiles = tileSource(config.map.tileUrl);
  // The Facebook SDK (loaded only when configured) talks to facebook.com from frames and fetches.
  const facebook = config.facebook ? ' https://*.facebook.com https://*.facebook.net' : '';
  const csp = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // React writes style attributes into the HTML, and Leaflet positions its panes with them.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}${facebook}`,
    "font-src 'self'",
    `connect-src 'self'${facebook}`,
    // 'self': the Embed dialog previews the portal's own widget (issue 17).
    `frame-src 'self'${facebook}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.publicUrl.startsWith('https://') ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': referrerPolicy(path),
    // The home page and the list ask for the visitor's position; nothing asks for the rest.
    'Permissions-Policy':
      'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()',
    // Popups stay allowed: Facebook's sign-in window answers the page that opened it.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...hsts(config.publicUrl),
  };
}

/** JSON and images: nothing in them may run or be framed. Routes that need more set their own. */
export function apiSecurityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...hsts(config.publicUrl),
  };
}

/**
 * The embeddable widget (issue 17): framed by any site, so no frame-ancestors limit and no
 * X-Frame-Options; otherwise it may run and style only its own inline script and style, by hash.
 */
export function widgetSecurityHeaders(
  config: Pick<Config, 'publicUrl'>,
  inline: { style: string; script: string },
): Record<string, string> {
  return {
    ...apiSecurityHeaders(config),
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src ${inline.style}`,
      `script-src ${inline.script}`,
      "base-uri 'none'",
      "form-action 'none'",
      'frame-ancestors *',
    ].join('; '),
    // A host page that isolates itself (COEP) may still embed it.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}

/**
 * Gives a page request its nonce: Next.js reads it from the request's CSP (a client's own CSP
 * header is replaced, so it never picks the nonce) and the answer carries the same policy.
 */
export function securePage(
  req: IncomingMessage,
  res: ServerResponse,
  options: Omit<PageHeaderOptions, 'path'>,
): void {
  const headers = pageSecurityHeaders({ ...options, path: req.url ?? '/' });
  delete req.headers['content-security-policy-report-only'];
  req.headers['content-security-policy'] = headers['Content-Security-Policy'];
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
