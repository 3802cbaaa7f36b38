// The fallback proof of origin for a browser that sends neither `Origin` nor `Sec-Fetch-Site`
// (decision 24): the page copies a cookie it set itself into a header. Another origin can neither
// read the cookie nor send a custom header without a CORS preflight, which the API never grants.

export const csrfHeader = 'x-csrf-token';

/** Over https the `__Host-` prefix stops a sibling subdomain from planting the cookie. */
export function csrfCookieName(https: boolean): string {
  return https ? '__Host-csrf' : 'csrf';
}

export const csrfCookieNames: readonly string[] = [csrfCookieName(true), csrfCookieName(false)];

/** Shorter values are refused, so a guessed or empty pair never passes. */
export const csrfTokenMinLength = 16;
