'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toasts';
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

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Show the loading overlay while the call runs. */
  overlay?: boolean;
  /** Toast errors (default) or leave them to the caller. */
  quiet?: boolean;
  /** Toast the success message of spec §8. */
  successToast?: boolean;
}

/** What a call says in the visitor's language: the `api` messages it toasts. */
type ApiTexts = (key: 'success' | 'server_error') => string;

/**
 * One browser call to the API: the language header, the CSRF token, one session refresh on a 401,
 * errors as toasts (spec §8). `useApi` binds it to the page's language; a form that calls the API
 * only on submit may import this module then (the home page's newsletter strip).
 */
export async function callApi<T = unknown>(
  path: string,
  options: CallOptions,
  locale: string,
  t: ApiTexts,
): Promise<T> {
  const { method = 'GET', body, overlay = false, quiet = false, successToast = false } = options;
  const headers: Record<string, string> = { 'Accept-Language': locale, Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // Every call carries it: the spec's purchases (/api/payu/buy_*) are GETs that place an order.
  headers[csrfHeader] = csrfToken();
  if (overlay) loadingStore.start();
  const send = () =>
    fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  try {
    let response = await send();
    // Spec §8: a 401 with a refresh token gets one refresh and one retry (the cookie's token expired).
    if (response.status === 401 && !noRefresh.test(path)) {
      const refreshed = await fetch('/api/session/refresh', {
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
    return data as T;
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
export function useApi() {
  const locale = useLocale();
  const t = useTranslations('api');
  return useCallback(
    <T = unknown>(path: string, options: CallOptions = {}): Promise<T> =>
      callApi<T>(path, options, locale, t),
    [locale, t],
  );
}
