'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toasts';
import {
  type ApiAnswer,
  type ApiInput,
  type ApiMethod,
  type ApiPath,
  type ApiUrl,
  apiUrl,
  type MethodOf,
} from '@/lib/api-client';
import { flattenApiError } from '@/lib/api-errors';
import { csrfCookieName, csrfHeader } from '@/lib/csrf';
import { ApiError } from './api-error';
import { loadingStore } from './loading-store';

export { ApiError };

// Sign-in calls answer 401 for a wrong sign-in, not for an expired session.
const noRefresh = /^\/(api\/session|api\/login|oauth\/)/;

/**
 * The double-submit token for browsers that send neither `Origin` nor `Sec-Fetch-Site` (the API
 * checks those first): set once by the page itself, sent back in a header on every write.
 */
function csrfToken(): string {
  const https = location.protocol === 'https:';
  const name = csrfCookieName(https);
  const saved = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (saved) return saved;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  // biome-ignore lint/suspicious/noDocumentCookie: the page sets this cookie itself, once, for the API to compare.
  document.cookie = `${name}=${token}; Path=/; SameSite=Strict; Max-Age=31536000${https ? '; Secure' : ''}`;
  return token;
}

/** How a call behaves in the page. */
export interface CallOptions {
  /** Show the loading overlay while the call runs. */
  overlay?: boolean;
  /** Toast errors (default) or leave them to the caller. */
  quiet?: boolean;
  /** Toast the success message of spec §8. */
  successToast?: boolean;
}

/** A call by the description's path: its method, parameters, query and body as the API takes them. */
export type TypedCall<P extends ApiPath, M extends ApiMethod> = { method?: M } & ApiInput<P, M> & CallOptions;
/** A call to an address `apiUrl` built (a component given the address by its parent). */
export type UrlCall = { method?: ApiMethod; body?: unknown } & CallOptions;

/** The browser's API call: typed by path, or by an address from `apiUrl`. */
export interface ApiCaller {
  <P extends ApiPath, M extends ApiMethod = 'GET'>(
    path: P,
    options?: TypedCall<P, M>,
  ): Promise<M extends MethodOf<P> ? ApiAnswer<P, M> : never>;
  (url: ApiUrl, options?: UrlCall): Promise<unknown>;
}

/** What a call says in the visitor's language: the `api` messages it toasts. */
type ApiTexts = (key: 'success' | 'server_error') => string;

/**
 * One browser call to the API: the language header, the CSRF token, one session refresh on a 401,
 * errors as toasts (spec §8). `useApi` binds it to the page's language; a form that calls the API
 * only on submit may import this module then (the home page's newsletter strip).
 */
export async function callApi(
  path: ApiPath | ApiUrl,
  options: (UrlCall & { params?: object; query?: object }) | undefined,
  locale: string,
  t: ApiTexts,
): Promise<unknown> {
  const { method = 'GET', body, overlay = false, quiet = false, successToast = false } = options ?? {};
  const url = apiUrl(path as ApiPath, options as Parameters<typeof apiUrl>[1]);
  const headers: Record<string, string> = { 'Accept-Language': locale, Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // Every call carries it: the spec's purchases (/api/payu/buy_*) are GETs that place an order.
  headers[csrfHeader] = csrfToken();
  if (overlay) loadingStore.start();
  const send = () =>
    fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  try {
    let response = await send();
    // Spec §8: a 401 with a refresh token gets one refresh and one retry (the cookie's token expired).
    if (response.status === 401 && !noRefresh.test(url)) {
      const refreshed = await fetch(apiUrl('/api/session/refresh'), {
        method: 'POST',
        headers: { [csrfHeader]: csrfToken() },
        credentials: 'same-origin',
      });
      if (refreshed.ok) response = await send();
    }
    const text = await response.text();
    const data = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) throw new ApiError(response.status, data);
    if (successToast) toast.success(t('success'));
    return data;
  } catch (error) {
    if (!quiet) {
      const messages = error instanceof ApiError ? flattenApiError(error.body) : [];
      if (messages.length) for (const m of messages) toast.error(m);
      else toast.error(t('server_error'));
    }
    throw error;
  } finally {
    if (overlay) loadingStore.stop();
  }
}

/** Browser calls to the API: the language header on every call, errors as toasts (spec §8). */
export function useApi(): ApiCaller {
  const locale = useLocale();
  const t = useTranslations('api');
  return useCallback(
    ((path: ApiPath | ApiUrl, options?: UrlCall) => callApi(path, options, locale, t)) as ApiCaller,
    [locale, t],
  );
}
