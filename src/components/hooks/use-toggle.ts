'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/components/hooks/use-router';
import type { ApiPath } from '@/lib/api-client';
import { loginPath } from '@/lib/next-path';

/** The toggles' calls: each takes `{ id }` (spec §7). */
type TogglePath = Extract<
  ApiPath,
  `/api/${'event' | 'place'}/${'add' | 'remove'}_${'favourite' | 'calendar'}`
>;

/**
 * Spec §4 favourite and calendar toggles: the state changes at once, then the server is told, and it
 * goes back if that fails. Anonymous visitors are sent to /login instead, and come back here after it. After a change the router's
 * cached copy of the page is dropped, so coming back to it shows the new state. The API client loads on
 * the first press: the detail pages' first JavaScript stays without it.
 */
export function useToggle({
  id,
  initial,
  signedIn,
  paths,
}: {
  id: number;
  initial: boolean;
  signedIn: boolean;
  paths: { add: TogglePath; remove: TogglePath };
}) {
  const locale = useLocale();
  const apiTexts = useTranslations('api');
  const router = useRouter();
  const [on, setOn] = useState(initial);
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    if (!signedIn) {
      router.push(loginPath(window.location.pathname + window.location.search));
      return;
    }
    const next = !on;
    setPending(true);
    try {
      // The client first, so the state flips in the same moment the request leaves (as it did when the
      // client came with the page): a page left right after the press has still sent it.
      const { callApi } = await import('./use-api');
      setOn(next);
      await callApi(next ? paths.add : paths.remove, { method: 'POST', body: { id } }, locale, apiTexts);
      router.refresh();
    } catch {
      setOn(!next);
    } finally {
      setPending(false);
    }
  }

  return { on, pending, toggle };
}
